// spec §8: the visits messages. Free of zod, so a page that only shows them does not load it;
// src/shared/schemas/visits.ts uses and re-exports them.

export const VISIT_MESSAGES = {
  // Issue 27: proof of visit.
  evidenceMissing: 'This visit cannot be completed yet: evidence is missing',
  overrideReasonRequired: 'Please give a reason for completing anyway',
  overrideReasonTooLong: 'Reason must be at most 2000 characters',
  overrideOfficeOnly: 'Only owners and managers may complete anyway',
  readingInvalid: 'Reading must be a number',
  resultInvalid: 'Result must be pass or fail',
  signerNameRequired: "Please enter the signer's name",
  signerNameTooLong: 'Name must be at most 100 characters',
  signatureNotAnImage: 'The signature must be a PNG or JPEG image',
  signatureTooLarge: 'The signature must be less than 1MB',
  noSignature: 'No signature on this visit',
  notFound: 'Visit not found',
  /** Issue 26: billing is the office's to know. */
  unbilledOfficeOnly: 'Only owners and managers can see which visits are not invoiced',
  alreadyExists: 'A visit with this id already exists',
  /** Issue 17: a write named a version that is no longer current (409 with the current record). */
  changedBySomeoneElse: 'Changed by someone else',
  taskNotFound: 'Visit task not found',
  propertyRequired: 'Please select a property',
  scheduledAtRequired: 'Please select a scheduled date and time',
  saveFailed: 'Failed to save visit',
  loadFailed: 'Failed to load visits',
  loadTimeout: 'Loading timeout - please refresh the page',
  noUpcoming: 'No upcoming visits scheduled',
  deleteFailed: (message: string) => `Error deleting visit: ${message}`,
  taskStatusFailed: (message: string) => `Error updating task status: ${message}`,
  taskAlreadyOnVisit: 'This task is already on the visit',
  notLinkedToProperty: 'Only members of this workspace can be assigned to its visits',
  assigneeInvalid: 'Choose members of this workspace',
  assigneeTwice: 'Each person can be assigned once',
  tooManyAssignees: 'A visit can have at most 20 people',
  alreadyOnVisit: 'This person is already on the visit',
  leadCannotBeRemoved: 'The lead cannot be removed from the visit',
  onlyLeadManagesPeople: 'Only owners and managers can change who is on the visit',
  fieldOnly: 'Technicians can start, complete and tick their visits, not change them',
  noPrices: 'Technicians do not change prices',
  personNotFound: 'Person not found on this visit',
  /** Issue 25: a completed visit is locked against field changes until an owner or manager reopens it. */
  locked: 'This visit is completed. Reopen it to make changes.',
  onlyOfficeReopens: 'Only owners and managers can reopen a completed visit',
} as const;
