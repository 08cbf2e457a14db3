// docs/benchmarks.md's sections: each bench part rewrites only its own.

/** Puts the section (its first line is its heading) in place of the old one, or before the Lighthouse, targets or notes part. */
export function replaceSection(doc, section) {
  const heading = section[0];
  const text = section.join("\n");
  const at = doc.indexOf(`${heading}\n`);
  if (at >= 0) {
    const next = doc.slice(at + heading.length).search(/\n(## |<!-- )/);
    const end = next >= 0 ? at + heading.length + next + 1 : doc.length;
    return doc.slice(0, at) + text + "\n" + doc.slice(end);
  }
  for (const marker of ["## Landing page", "## Targets", "<!-- Hand-written below"]) {
    const i = doc.indexOf(marker);
    if (i >= 0) return doc.slice(0, i) + text + "\n" + doc.slice(i);
  }
  return `${doc}\n${text}\n`;
}
