/** Spec section 9: below 768 px the dashboard is a phone layout (sheet sidebar, toasts at the top). */
export const MOBILE_QUERY = '(max-width: 767.98px)';
