// antd-mobile draws a few controls without the role their label needs; axe-core (every
// journey, issue 18) flags them. One observer gives them the role as they appear, so every
// screen, present and future, gets the fix without wrapping each component.
const PATCHES: { selector: string; attributes: Record<string, string> }[] = [
  // The clear (x) of a clearable Input: a div with an aria-label and no role.
  { selector: '.adm-input-clear:not([role])', attributes: { role: 'button' } },
];

function patch(root: ParentNode) {
  for (const { selector, attributes } of PATCHES) {
    for (const element of root.querySelectorAll(selector)) {
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    }
  }
}

export function startA11yPatches(): void {
  patch(document);
  new MutationObserver(() => patch(document)).observe(document.body, {
    childList: true,
    subtree: true,
  });
}
