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

export const ADDRESS_LIMITS = {
  nickname: 40,
  recipient_name: 80,
  phone: 25,
  street_address: 120,
  street_address_2: 120,
  city: 60,
} as const;

/**
 * A phone a courier can dial: US (`(503) 555-0142`, `503-555-0142`) or international with its
 * country code (`+44 20 7946 0958`): digits with spaces, dots, dashes or brackets between them,
 * 7 to 15 digits in all (the most E.164 allows).
 */
const PhoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .max(ADDRESS_LIMITS.phone, `Phone must be at most ${ADDRESS_LIMITS.phone} characters`)
  .refine(
    (s) => /^\+?[0-9 ().-]+$/.test(s) && /^\+?[0-9(]/.test(s),
    'Phone may use digits, spaces, dashes, dots, brackets and a leading +',
  )
  .refine((s) => {
    const digits = s.replace(/[^0-9]/g, '').length;
    return digits >= 7 && digits <= 15;
  }, 'Phone must have 7 to 15 digits, e.g. (503) 555-0142');

/** Optional text: an empty box means "none" and is stored as null. */
const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    singleLineText(label, { error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable()
      .optional(),
  );

/** The fields a shopper types; the same rules run in the form and on the server. */
export const AddressFieldsSchema = z.object({
  nickname: requiredText(ADDRESS_LIMITS.nickname, 'Nickname'),
  recipient_name: requiredText(ADDRESS_LIMITS.recipient_name, 'Recipient name'),
  phone: PhoneSchema,
  street_address: requiredText(ADDRESS_LIMITS.street_address, 'Street address'),
  street_address_2: optionalText(ADDRESS_LIMITS.street_address_2, 'Address line 2'),
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
  /** true makes it the preferred address; otherwise only a shopper's first address is. */
  preferred: z.boolean().optional(),
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
  /** Null only on an address saved before recipients were asked for; editing it fills it in. */
  recipient_name: z.string().nullable(),
  /** Null only on an address saved before phones were asked for. */
  phone: z.string().nullable(),
  street_address: z.string(),
  street_address_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  preferred: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;

export const MAX_ADDRESSES = 20;
