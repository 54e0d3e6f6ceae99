/** The editor's screens (issue 13): CMS pages and news articles. */
function NotBuilt() {
  return null;
}
export const CmsListPage = NotBuilt;
export const CmsArticleEditPage = NotBuilt;
export const CmsPageEditPage = NotBuilt;
export const CmsPreviewPage = NotBuilt;
