/** News, the info center and the tank maintenance page. */
export { NewsPage } from './news-page';
export { ArticlePage } from './article-page';
export { InfoCenterPage, TankMaintenancePage, CmsPageBody, CmsSlugPage } from './cms-pages';
