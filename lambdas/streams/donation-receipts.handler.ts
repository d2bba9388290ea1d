import type { DynamoDBStreamEvent } from 'aws-lambda';
import { getDonation } from '#store/donations.ts';
import { sendDonationReceipt } from '../services/donation-receipt.ts';
import { logger } from '#core/logger.ts';

/**
 * Sends again the receipts whose first send failed (the donations API records receiptFailedAt). The stream
 * filter passes only such donations; each is read again, so a receipt sent meanwhile is not sent twice. A
 * failure throws: Lambda retries the batch (the event source's retry attempts), the local poller too.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  for (const record of event.Records) {
    const id = record.dynamodb?.NewImage?.id?.S;
    if (!id) continue;
    const donation = await getDonation(id);
    if (!donation) continue;
    if ((await sendDonationReceipt(donation)) === 'sent') logger.info('donation receipt sent on retry', { donationId: id });
  }
}
