/**
 * Every kind of mail the queue's worker can send, with how it renders and where it records each
 * attempt. The request paths pass their own handler (holding the record they just wrote); the worker,
 * which only has the entry, uses these. Server only.
 */
import { campaignTestMailHandler } from '../campaigns/service';
import { recommendationsMailHandler } from '../email/recommendations-mail';
import { subscriberMailHandlers } from '../email/subscriber-mail';
import type { MailHandlers } from '../email/queue/queue';
import { fulfilledMailHandler, receiptMailHandler } from '../shop/server/order-mail';
import { staffSignInMailHandler } from '../admin/sign-in';

export const MAIL_HANDLERS: MailHandlers = {
  ...subscriberMailHandlers,
  recommendations: recommendationsMailHandler,
  'campaign-test': campaignTestMailHandler,
  'order-receipt': receiptMailHandler,
  'order-fulfilled': fulfilledMailHandler,
  'staff-sign-in': staffSignInMailHandler,
};
