import { ZONE_LIMITS, type ZoneInput, type ZoneShape } from '@fleet/contract';

/** The zone form's fields as typed, what the server is sent, and the report's order. */

export type ZoneFields = {
  name: string;
  colour: string;
  /** '' for none */
  speedLimit: string;
  /** '' for every asset */
  groupId: string;
};

const { speedLimit: LIMIT } = ZONE_LIMITS;

/** The form's errors (empty: none), as the server would answer them, before asking it. */
export function zoneFieldErrors(fields: ZoneFields) {
  const speed = Number(fields.speedLimit);
  return {
    name: fields.name.trim() === '',
    speedLimit:
      fields.speedLimit !== '' &&
      (!Number.isInteger(speed) || speed < LIMIT.min || speed > LIMIT.max),
  };
}

export const zoneInput = (fields: ZoneFields, shape: ZoneShape): ZoneInput => ({
  name: fields.name.trim(),
  colour: fields.colour,
  speedLimit: fields.speedLimit === '' ? null : Number(fields.speedLimit),
  groupId: fields.groupId === '' ? null : Number(fields.groupId),
  shape,
});

/** The latest visit first: the contract's order, which the report's export uses too. */
export { byEnteredDesc } from '@fleet/contract';
