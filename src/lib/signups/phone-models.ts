/**
 * Phone model names ('Brand Model') for the newsletter type-ahead and the phone-model check,
 * owned by the phone catalogue.
 *
 * Server/build-time only: the catalogue module pulls in the raw phone records and their schemas.
 * Pages pass the names to the newsletter island as a prop (a few KB of strings), so browsers never
 * download the catalogue itself.
 */
export { phoneModelNames } from '../catalogue';
