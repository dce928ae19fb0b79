// What one chat message may carry, as the Cloud API takes it: shared by the API's checks and the
// dashboard's reply box.

/** The longest text of a message. */
export const TEXT_MAX = 4096;

/** The longest caption of a file. */
export const CAPTION_MAX = 1024;
