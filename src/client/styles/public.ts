/**
 * The Mantine styles the contact page needs on top of styles/landing.ts (its form's inputs, Grid, the
 * toasts of ServerProviders), each component's file in the `mantine` cascade layer. The whole set
 * (styles/app.ts, ~260 KB) restyled the page after its first paint. A component added to contact or
 * ServerProviders needs its file here; pricing has its own few (styles/pricing.ts); the dashboard,
 * the login and the other pages load styles/app.ts.
 */
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/notifications/styles.layer.css';
