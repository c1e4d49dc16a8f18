/**
 * Leaving the app for another site (a marketplace's consent page). Kept behind one function so
 * tests can watch it instead of jsdom refusing to navigate.
 */
export const browser = {
  leaveTo(url: string): void {
    window.location.assign(url);
  },
};
