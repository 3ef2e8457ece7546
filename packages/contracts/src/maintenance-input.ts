import { z } from 'zod'
import { MAINTENANCE_CATEGORIES, MAINTENANCE_URGENCIES } from './tenant-portal'

/**
 * What a tenant types when logging a maintenance request or commenting on one, with the messages
 * the forms show (full zod: loaded with the forms, not with the dashboard's first paint).
 */
export const MaintenanceRequestInputSchema = z.object({
  category: z.enum(MAINTENANCE_CATEGORIES, { error: 'Please choose a category' }),
  urgency: z.enum(MAINTENANCE_URGENCIES, { error: 'Please choose how urgent it is' }),
  description: z
    .string()
    .trim()
    .min(10, 'Please describe the problem in at least 10 characters')
    .max(4000, 'Please keep the description under 4000 characters'),
})
export type MaintenanceRequestInput = z.infer<typeof MaintenanceRequestInputSchema>

export const MaintenanceCommentInputSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Please write a comment')
    .max(2000, 'Please keep the comment under 2000 characters'),
})
export type MaintenanceCommentInput = z.infer<typeof MaintenanceCommentInputSchema>
