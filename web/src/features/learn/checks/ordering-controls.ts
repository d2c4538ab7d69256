import { CHECK_TEXT } from './check-messages';
import { orderingItems } from './check-response';

type Direction = 'up' | 'down';

/** An item's text as a screen reader says it: typeset math's hidden drawing left out. */
export function plainText(element: Element): string {
  const copy = element.cloneNode(true);
  if (!(copy instanceof Element)) return '';
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"], annotation')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function itemText(item: HTMLLIElement): string {
  return plainText(item.querySelector('.check-item-text') ?? item);
}

function moveButton(item: HTMLLIElement, direction: Direction): HTMLButtonElement {
  const doc = item.ownerDocument;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'check-move';
  button.dataset.move = direction;
  const arrow = doc.createElement('span');
  arrow.setAttribute('aria-hidden', 'true');
  arrow.textContent = direction === 'up' ? '↑' : '↓';
  const name = doc.createElement('span');
  name.className = 'visually-hidden';
  const text = itemText(item);
  name.textContent = direction === 'up' ? CHECK_TEXT.moveUp(text) : CHECK_TEXT.moveDown(text);
  button.append(arrow, name);
  return button;
}

const buttonOf = (item: Element, direction: Direction) =>
  item.querySelector<HTMLButtonElement>(`.check-move[data-move="${direction}"]`);

/** The first item cannot go up, the last cannot go down. */
export function refreshMoveButtons(form: HTMLFormElement): void {
  const items = orderingItems(form);
  items.forEach((item, index) => {
    const up = buttonOf(item, 'up');
    const down = buttonOf(item, 'down');
    if (up) up.disabled = index === 0;
    if (down) down.disabled = index === items.length - 1;
  });
}

/**
 * Gives each item of an ordering question "Move {item} up" and "Move {item} down" buttons.
 * A move keeps the focus on the moved item (on its other button at either end) and is announced.
 */
export function addMoveButtons(form: HTMLFormElement): void {
  const list = form.querySelector('.check-order');
  if (!list) return;
  const status = form.ownerDocument.createElement('p');
  status.className = 'visually-hidden check-order-status';
  status.setAttribute('aria-live', 'polite');
  list.after(status);
  for (const item of orderingItems(form)) {
    const moves = form.ownerDocument.createElement('span');
    moves.className = 'check-item-moves';
    moves.append(moveButton(item, 'up'), moveButton(item, 'down'));
    item.append(moves);
  }
  refreshMoveButtons(form);
  list.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('.check-move') : null;
    const item = button?.closest('li.check-item');
    if (!(button instanceof HTMLButtonElement) || !(item instanceof HTMLLIElement)) return;
    const direction: Direction = button.dataset.move === 'up' ? 'up' : 'down';
    const sibling = direction === 'up' ? item.previousElementSibling : item.nextElementSibling;
    if (!sibling) return;
    // The neighbour moves, not the item: moving the focused button out of the page would blur it.
    if (direction === 'up') item.after(sibling);
    else item.before(sibling);
    refreshMoveButtons(form);
    const same = buttonOf(item, direction);
    const other = buttonOf(item, direction === 'up' ? 'down' : 'up');
    (same && !same.disabled ? same : other)?.focus();
    const items = orderingItems(form);
    status.textContent = CHECK_TEXT.moved(itemText(item), items.indexOf(item) + 1, items.length);
  });
}

/** Puts the items in the order of `itemIds` (the right order, after Show answer). */
export function putInOrder(form: HTMLFormElement, itemIds: readonly string[]): void {
  const list = form.querySelector('.check-order');
  if (!list) return;
  const byId = new Map(orderingItems(form).map((item) => [item.dataset.itemId ?? '', item]));
  for (const id of itemIds) {
    const item = byId.get(id);
    if (item) list.append(item);
  }
  refreshMoveButtons(form);
}
