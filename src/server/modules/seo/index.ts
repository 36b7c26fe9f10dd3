// Public surface of the shareable-pages feature: robots, sitemap, link previews and each page's head tags.
export { pageHead } from './page-head';
export { seoRoutes, type SeoRoutesOptions } from './seo.routes';
