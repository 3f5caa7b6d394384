import { z } from 'zod';
import { IdSchema, singleLineText } from './common';

/** The 50 states, DC, the territories, the freely associated states and the military codes USPS accepts. */
export const US_STATE_CODES: readonly string[] = (
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ ' +
  'NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC AS GU MP PR VI UM FM MH PW ' +
  'AA AE AP'
).split(' ');
const STATE_SET: ReadonlySet<string> = new Set(US_STATE_CODES);

const requiredText = (max: number, label: string) =>
  singleLineText(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const ADDRESS_LIMITS = { nickname: 40, street_address: 120, city: 60 } as const;

/** The fields a shopper types; the same rules run in the form and on the server. */
export const AddressFieldsSchema = z.object({
  nickname: requiredText(ADDRESS_LIMITS.nickname, 'Nickname'),
  street_address: requiredText(ADDRESS_LIMITS.street_address, 'Street address'),
  city: requiredText(ADDRESS_LIMITS.city, 'City'),
  state: singleLineText('State', { error: 'State is required' })
    .trim()
    .min(1, 'State is required')
    .transform((s) => s.toUpperCase())
    .refine((s) => STATE_SET.has(s), 'State must be a 2-letter US state code, e.g. NY'),
  zip: singleLineText('ZIP code', { error: 'ZIP code is required' })
    .trim()
    .min(1, 'ZIP code is required')
    .regex(/^[0-9]{5}(-[0-9]{4})?$/, 'ZIP code must be 5 digits or ZIP+4 (12345-6789)'),
});
export type AddressFields = z.input<typeof AddressFieldsSchema>;

export const CreateAddressBodySchema = AddressFieldsSchema.extend({
  /** A new address becomes the preferred one unless the shopper says otherwise. */
  preferred: z.boolean().optional().default(true),
});
export type CreateAddressBody = z.input<typeof CreateAddressBodySchema>;

export const UpdateAddressBodySchema = AddressFieldsSchema.extend({
  /** true makes it the preferred address; false stops it being preferred; absent keeps it. */
  preferred: z.boolean().optional(),
});
export type UpdateAddressBody = z.input<typeof UpdateAddressBodySchema>;

export const AddressParamsSchema = z.object({ id: IdSchema });
export const AddressDeleteParamsSchema = z.object({ addressId: IdSchema });

export const AddressSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  street_address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  preferred: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;

export const MAX_ADDRESSES = 20;
