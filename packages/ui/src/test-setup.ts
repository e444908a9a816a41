// happy-dom has no FontFaceSet; Mantine's autosizing fields listen to it.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}
