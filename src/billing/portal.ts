import { AppError, isAppError, type AppContext } from '../app/index.ts';
import { requireBrand } from './gateways.ts';
import { BILLING_ERRORS } from './rules.ts';
import { findPaymentSource } from './store/subscriptions.ts';
import { createPortalSession } from './stripe.ts';

/** The Stripe billing portal for the brand's customer. */
export async function billingPortalUrl(
  ctx: AppContext,
  { brandId, returnUrl }: { brandId: number; returnUrl?: string },
): Promise<string> {
  await requireBrand(ctx.db, brandId);
  const source = await findPaymentSource(ctx.db, brandId, 'stripe');
  if (!source)
    throw new AppError('not_found', BILLING_ERRORS.paymentSourceNotFound, { code: 'payment_source_not_found' });
  if (!source.external_id)
    throw new AppError('not_found', BILLING_ERRORS.customerIdNotFound, { code: 'customer_missing' });
  try {
    return await createPortalSession(ctx.clients.stripe, { customerId: source.external_id, returnUrl });
  } catch (error) {
    if (isAppError(error) && error.kind === 'not_found')
      throw new AppError('not_found', BILLING_ERRORS.customerNotFound, { code: 'customer_not_found', cause: error });
    throw error;
  }
}
