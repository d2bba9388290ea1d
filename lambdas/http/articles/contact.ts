import { CONTACT_SUCCESS_MESSAGE, contactMessageSchema } from '#domain/contact.ts';
import { saveContactMessage } from '#store/operations.ts';
import { Reply, route } from '#shared/http.ts';

/** Stores a message from the contact form; replying by mail comes with the mail issue. */
export const sendContactMessage = route({ body: contactMessageSchema }, async ({ body }) => {
  await saveContactMessage(body);
  return new Reply(201, { message: CONTACT_SUCCESS_MESSAGE });
});
