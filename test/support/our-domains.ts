/**
 * The project's own domains, which nothing an owner deploys may carry: their site, API, mail and contact
 * addresses come from their deploy config. Tests use RFC 2606 names (example.in, example.com) instead.
 */
export const OUR_DOMAINS = /creatornewshub\.(in|com)/i;
