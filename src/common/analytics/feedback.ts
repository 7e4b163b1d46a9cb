// The feedback form's kinds and its star rating's words: the server validates the kind (a message, an analytics
// event, the operator's inbox filter); the form and the inbox name the optional rating of 1 to 5 by these labels.
export const FEEDBACK_TYPES = ['bug', 'feature', 'praise', 'general'] as const;
export const FEEDBACK_RATING_LABELS = ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent'] as const;
