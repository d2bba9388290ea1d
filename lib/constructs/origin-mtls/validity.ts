/** How long the origin mTLS certificates live and how often the client certificate is re-issued. */

/** The authority lives ten years: API Gateway trusts it by its certificate in the truststore, so it is not rotated. */
export const CA_VALIDITY_DAYS = 3650;
/** A client certificate lives 90 days and is re-issued every 30 (ROTATION_DAYS), so two missed rotations still leave a month. */
export const CLIENT_VALIDITY_DAYS = 90;
export const ROTATION_DAYS = 30;
