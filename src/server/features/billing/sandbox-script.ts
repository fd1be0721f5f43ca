import { BRAND } from '../../../shared/constants';

/**
 * The sandbox's stand-in for Flutterwave's inline script (v3.js): window.FlutterwaveCheckout(options)
 * opens a dialog with 'Pay', 'Decline' and 'Close'. Pay and Decline record a transaction in the
 * sandbox (which also sends the signed charge.completed webhook) and call options.callback with the
 * fields the real checkout passes; Close calls options.onclose. No real money moves.
 */
export function sandboxCheckoutScript(basePath: string): string {
  return `(() => {
  const BASE = ${JSON.stringify(basePath)};
  const css = 'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.6);font:16px/1.5 system-ui,sans-serif';
  const button = (label, primary) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.style.cssText = 'padding:.6rem 1.2rem;border-radius:.5rem;border:1px solid #334155;cursor:pointer;font:inherit;' +
      (primary ? 'background:#f59e0b;color:#111827;border-color:#f59e0b;font-weight:600' : 'background:#fff;color:#111827');
    return b;
  };
  window.FlutterwaveCheckout = function FlutterwaveCheckout(options) {
    const previousFocus = document.activeElement;
    const overlay = document.createElement('div');
    overlay.style.cssText = css;
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', 'piplens-sandbox-title');
    dialog.setAttribute('aria-describedby', 'piplens-sandbox-text');
    dialog.style.cssText = 'background:#fff;color:#111827;border-radius:.75rem;padding:1.5rem;max-width:24rem;width:calc(100% - 2rem);box-shadow:0 10px 40px rgba(0,0,0,.4)';
    const title = document.createElement('h2');
    title.id = 'piplens-sandbox-title';
    title.style.cssText = 'margin:0 0 .5rem;font-size:1.25rem';
    title.textContent = 'Sandbox checkout';
    const text = document.createElement('p');
    text.id = 'piplens-sandbox-text';
    text.style.cssText = 'margin:0 0 1rem;color:#374151';
    const name = (options.customizations && options.customizations.title) || ${JSON.stringify(BRAND)};
    text.textContent = name + ': ' + Number(options.amount).toFixed(2) + ' ' + options.currency +
      ' for ' + ((options.customer && options.customer.email) || 'you') + '. This is a test checkout: no real payment is made.';
    const row = document.createElement('div');
    row.style.cssText = 'display:flex;gap:.5rem;flex-wrap:wrap';
    const pay = button('Pay', true), decline = button('Decline'), close = button('Close');
    row.append(pay, decline, close);
    dialog.append(title, text, row);
    overlay.append(dialog);
    document.body.append(overlay);
    pay.focus();
    let done = false;
    const finish = (incomplete) => {
      if (done) return;
      done = true;
      overlay.remove();
      document.removeEventListener('keydown', onKey, true);
      if (previousFocus && previousFocus.focus) previousFocus.focus();
      if (typeof options.onclose === 'function') options.onclose(incomplete);
    };
    const onKey = (event) => {
      if (event.key === 'Escape') { event.stopPropagation(); finish(true); }
      if (event.key === 'Tab') {
        const items = [pay, decline, close];
        const i = items.indexOf(document.activeElement);
        event.preventDefault();
        items[(i + (event.shiftKey ? items.length - 1 : 1)) % items.length].focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    const charge = async (outcome) => {
      pay.disabled = decline.disabled = close.disabled = true;
      try {
        const response = await fetch(BASE + '/charges', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            tx_ref: options.tx_ref, amount: options.amount, currency: options.currency,
            customer: options.customer || {}, outcome: outcome,
          }),
        });
        const data = await response.json();
        if (!response.ok) throw new Error((data && data.message) || 'sandbox charge failed');
        if (typeof options.callback === 'function') options.callback(data);
        finish(false);
      } catch (error) {
        text.textContent = 'The sandbox could not record the payment: ' + error.message;
        pay.disabled = decline.disabled = close.disabled = false;
      }
    };
    pay.addEventListener('click', () => charge('successful'));
    decline.addEventListener('click', () => charge('failed'));
    close.addEventListener('click', () => finish(true));
    return { close: () => finish(true) };
  };
})();
`;
}
