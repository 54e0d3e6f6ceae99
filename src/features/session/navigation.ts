/** Full page loads (the login page is the server's, not the app's); a seam for tests. */
export const fullNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
