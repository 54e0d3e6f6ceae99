/**
 * The ratings module's public face (eslint.config.js zone (j)): the rating invitation sent when an
 * order is delivered, the routes and the demo seed.
 */
export { ratingRoutes, reviewsRoutes } from './routes';
export { seedDemoRatings } from './seed';
export { createRatingInvitation } from './service';
