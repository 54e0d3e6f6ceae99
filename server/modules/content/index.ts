/**
 * The content module's public face (eslint.config.js zone (j)): news and CMS pages for the page
 * renderer, the cross links of a page, the Markdown the CMS previews with, the plugins, routes and
 * seed.
 */
export { cmsPagesPlugin } from './cms-pages-plugin';
export { crossLinks } from './cross-links';
export { renderMarkdown } from './markdown';
export { contentPlugin } from './plugin';
export { crossLinkingRoutes, newsRoutes } from './routes';
export { seedContent } from './seed';
export { cmsPage, featuredNews, newsDetail, newsList, renderBodyAsPublished } from './service';
