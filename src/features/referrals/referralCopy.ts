// What the referral programme promises ($5–10 credit per referral; credits never expire).
export const REFERRAL_REWARD_TEXT =
  'Soon you will be able to invite friends and earn $5–10 in credit toward your essay for each friend who joins. '
  + 'Credits never expire.';
