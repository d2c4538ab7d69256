/**
 * What the API client does when the API answers 401 (the app logs out and goes to /auth). A
 * module of its own, so the app can register the handler without loading the client itself.
 */
type UnauthorizedHandler = () => void | Promise<void>;

let handler: UnauthorizedHandler = () => {};

export function setUnauthorizedHandler(next: UnauthorizedHandler): void {
  handler = next;
}

export function handleUnauthorized(): void | Promise<void> {
  return handler();
}
