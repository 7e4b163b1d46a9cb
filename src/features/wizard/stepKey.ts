// Where the wizard keeps its current step in local storage. A module of its own so the benches, which run in
// Node, can set the step without loading the wizard's React code and styles.
export const WIZARD_STEP_KEY = 'essay_studio_form_step';
