/** Runs once before the suite. Browser tests build the client on demand (see test/helpers/browser.ts). */
export default function setup() {
  process.env.TZ = 'UTC';
}
