import { notifications } from '@mantine/notifications';

/** Spec sections 4 and 9: one toast at a time, a new one replaces the older, shown 5 s. */
const AUTO_CLOSE_MS = 5000;

function show(color: 'green' | 'red', title: string, message?: string): void {
  notifications.clean();
  notifications.show({
    title,
    message: message ?? '',
    color,
    autoClose: AUTO_CLOSE_MS,
    withBorder: true,
  });
}

export function notifySuccess(title: string, message?: string): void {
  show('green', title, message);
}

export function notifyError(title: string, message?: string): void {
  show('red', title, message);
}
