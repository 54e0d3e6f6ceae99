/** The staff area's frame and shared parts (issue 13). */
function NotBuilt() {
  return null;
}
export const StaffHomePage = NotBuilt;
