/**
 * A request's body, parsed when called: a use case on a path reads it only after the ownership
 * check, so an unknown or foreign id answers 404 whatever the body holds.
 */
export type BodyReader<T> = () => T;
