/**
 * The Mantine styles the public pages beyond the landing need on top of styles/landing.ts: pricing
 * (Alert, Accordion, Table with its ScrollArea, VisuallyHidden) and contact (its form's inputs, Grid, the toasts of
 * ServerProviders), each component's file in the `mantine` cascade layer. The whole set
 * (styles/app.ts, ~290 KB) restyled the page for hundreds of milliseconds on a phone when it arrived
 * after the first paint; these few files do not. A component added to pricing, contact or
 * ServerProviders needs its file here; the dashboard, the login and the other pages load styles/app.ts.
 */
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/notifications/styles.layer.css';
