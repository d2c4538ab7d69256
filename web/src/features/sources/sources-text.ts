/** The panel's own words; the messages shared with the API are SOURCE_MESSAGES. */
export const SOURCES_TEXT = {
  panelTitle: 'Sources',
  close: 'Close sources',
  filesLabel: 'Source files',
  replaceFileLabel: 'Replacement file',
  replaceLabel: (name: string) => `Replace ${name}`,
  removeLabel: (name: string) => `Remove ${name}`,
  removeTitle: 'Remove source',
  removing: 'Removing...',
  loading: 'Loading sources',
  loadFailed: 'Failed to load the sources. Please try again.',
  addFailed: 'Failed to add the file. Please try again.',
  removeFailed: 'Failed to remove the source. Please try again.',
  createFailed: 'Failed to create the course. Please try again.',
  creating: 'Creating course...',
  uploading: (name: string, position: number, total: number) =>
    `Uploading ${name} (${position} of ${total})…`,
  refusalsLabel: 'Files not added',
  regenerate: 'Regenerate',
  /** Under Source changed: which of the lesson's sources were removed or replaced. */
  changedSources: (names: string[]) =>
    names.length === 0
      ? 'A source this lesson cites was removed or replaced. Regenerate it from your sources.'
      : `This lesson cites ${new Intl.ListFormat('en', { type: 'conjunction' }).format(names)}, which ${
          names.length === 1 ? 'was' : 'were'
        } removed or replaced. Regenerate it from your sources.`,
} as const;
