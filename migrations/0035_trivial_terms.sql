-- The server's own short-chatter terms (issue 28), kept from the provider with the built-in list.
ALTER TABLE `translation_settings` ADD `trivial_terms` text DEFAULT '[]' NOT NULL;