import { z } from 'zod';

// The upload's query: the file's name travels beside it (the body is the file itself).
export const attachmentUploadQuery = z.object({ filename: z.string().max(255).optional() });
