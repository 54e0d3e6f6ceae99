/** The editor's screens: CMS pages and news articles. */
export { CmsListPage } from './list-page';
export { CmsArticleEditPage, CmsPageEditPage } from './edit-pages';
export { CmsPreviewPage } from './preview-page';
