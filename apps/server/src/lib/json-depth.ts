import type { FastifyBodyParser } from 'fastify';
import { badRequest } from './http-error.js';

/** The deepest nesting of arrays and objects a request body may have (a real one needs under 10). */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read in one pass over the
 * characters (brackets inside strings do not count) without parsing and without recursion,
 * so a 3,600-deep body costs a loop, not the stack of every recursive check after the parse.
 * Malformed text is left to the parser: only the depth is judged here.
 */
export function nestedDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

/** A JSON body parser that refuses (400) a body nested deeper than MAX_JSON_DEPTH before parsing it. */
export function depthLimited(parse: FastifyBodyParser<string>): FastifyBodyParser<string> {
  return (request, body, done) => {
    if (nestedDeeperThan(body))
      return done(
        badRequest(`The JSON body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`),
        undefined,
      );
    return parse(request, body, done);
  };
}
