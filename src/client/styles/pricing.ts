/**
 * The Mantine styles the pricing page needs on top of styles/landing.ts (its FAQ's Accordion, the
 * checkout note's Alert, the comparison Table and its ScrollArea, VisuallyHidden), each component's
 * file in the `mantine` cascade layer. With the whole set (styles/app.ts, ~260 KB) the page's inlined
 * critical CSS was 133 KB, and the whole sheet, added after the first paint, restyled and laid out
 * the page again. A component added to pricing needs its file here.
 */
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
