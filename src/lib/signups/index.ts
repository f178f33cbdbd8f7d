/**
 * Client-safe entry of the signups domain: constants, payload schemas, the Subscriber record,
 * phone-model rules and source capture. Server modules (store, mail, service, unsubscribe-token,
 * phone-models) are imported by path.
 */
export * from './constants';
export * from './schemas';
export * from './newsletter-schema';
export * from './merge';
export * from './phone-model-rules';
export * from './source';
