/**
 * Every Mantine style (core, notifications, charts), in the `mantine` cascade layer: what the admin
 * screens and the pages beyond the landing use. Imported by the lazily loaded routes
 * (the admin shell, the login and the public pages other than contact, which loads
 * styles/public.ts), never by the first bundle.
 * Layered styles lose to the app's own (unlayered) CSS whatever order they load in, so loading them
 * after the landing page's styles (styles/landing.ts) changes nothing already on screen.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/charts/styles.layer.css';
