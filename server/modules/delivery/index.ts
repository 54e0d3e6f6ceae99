/**
 * The delivery module's public face (eslint.config.js zone (j)): the working calendar, the
 * delivery board (contingents, tours, windows) the calculation schedules offers on, the bookings
 * orders write and release, the support report's routes and the seed of the contingents.
 */
export { scheduleEpoch, warmCalendar, workingCalendar } from './calendar';
export {
  type DayCapacity,
  type DayLoadRow,
  DEFAULT_CONTINGENT,
  DeliveryBoard,
  type DeliveryData,
  type Depot,
  type Need,
  type Period,
  STOPS_PER_TOUR,
  storedWindow,
  windowOfParameter,
} from './capacity';
export {
  bookTour,
  loadDayLoads,
  loadDeliveryData,
  loadDeliverySignature,
  releaseBooking,
} from './repo';
export { supportDeliveryRoutes } from './routes';
export { seedDeliveryContingents } from './seed';
