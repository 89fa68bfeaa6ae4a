/**
 * The brand API's types, generated from /api/openapi.json by openapi-typescript: do not edit.
 * Run `npm run panel:types` after changing an API route's schema (`npm run check` fails until
 * this file is current). Read them through web-panel/src/lib/api.ts (ApiAnswer, ApiBody).
 */
export type paths = {
  '/api/auth/forgot-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mail a password reset link (the same answer for any e-mail) */
    post: operations['postAuthForgotPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/invite': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Who an invitation is for (changes nothing) */
    get: operations['getAuthInvite'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Log in with e-mail and password
     * @description Failed attempts are limited per e-mail and per address: too many answer 429 with Retry-After.
     */
    post: operations['postAuthLogin'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign out: the session of the refresh token (body or cookie) is revoked and the cookie cleared
     * @description A browser request from another origin than PUBLIC_URL answers 403 cross_site_request.
     */
    post: operations['postAuthLogout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's passkeys */
    get: operations['getAuthPasskeys'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys/{passkeyId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove one of the signed-in user’s passkeys */
    delete: operations['deleteAuthPasskeysByPasskeyId'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys/login/options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start logging in with a passkey: options for navigator.credentials.get() */
    post: operations['postAuthPasskeysLoginOptions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys/login/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Finish logging in with a passkey */
    post: operations['postAuthPasskeysLoginVerify'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys/registration/options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start registering a passkey: options for navigator.credentials.create() */
    post: operations['postAuthPasskeysRegistrationOptions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys/registration/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Finish registering a passkey */
    post: operations['postAuthPasskeysRegistrationVerify'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change the password (the current one is asked); every other session ends
     * @description The new password follows the reset’s rules and messages. The answer is a new session for this browser (the refresh cookie is set again): tokens issued before the change stop working.
     */
    post: operations['postAuthPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/redirect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange the one-time token of /auth/redirect (after a store install or app open) for a session
     * @description A token works once and for two minutes. No token: No data provided; a used or expired token: 401.
     */
    post: operations['postAuthRedirect'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A new token pair for a refresh token (the presented one is retired)
     * @description The refresh token comes in the body or, for the panel, in the httpOnly cookie that login and refresh set. A browser request from another origin than PUBLIC_URL answers 403 cross_site_request.
     */
    post: operations['postAuthRefresh'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/reset-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set a new password with the token of a reset link */
    post: operations['postAuthResetPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user’s live sessions (one per sign-in), most recently used first */
    get: operations['getAuthSessions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sessions/sign-out-others': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign out every other session of the signed-in user (this one stays) */
    post: operations['postAuthSessionsSignOutOthers'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/setup-account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Accept an invitation: set the password (and names) */
    post: operations['postAuthSetupAccount'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brands the session may read (staff: every brand), by name */
    get: operations['getBrands'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One brand */
    get: operations['getBrandsByBrandId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/ad-jobs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start making an ad (as `reclaim ads generate`): answers at once with the job to poll */
    post: operations['postBrandsByBrandIdAdJobs'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/ad-jobs/{jobId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A job making an ad: its phase, what is done, and the ad once made (or why it failed) */
    get: operations['getBrandsByBrandIdAdJobsByJobId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/ads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's generated ads, newest first */
    get: operations['getBrandsByBrandIdAds'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/ads/{adId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One ad: the brand knowledge, its concepts and its images */
    get: operations['getBrandsByBrandIdAdsByAdId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/ads/{adId}/concepts/{index}/regenerate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Make one concept again (the next variant) with a new image; the old image is deleted */
    post: operations['postBrandsByBrandIdAdsByAdIdConceptsByIndexRegenerate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/ads/options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What the new-ad form offers: the website read by default, concept counts and image sizes */
    get: operations['getBrandsByBrandIdAdsOptions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/agent/conversations/{conversationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The agent on one conversation: its mode, whether a person has it, its decisions with their sources */
    get: operations['getBrandsByBrandIdAgentConversationsByConversationId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/agent/conversations/{conversationId}/hand-back': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Hand a conversation a person took over back to the agent */
    post: operations['postBrandsByBrandIdAgentConversationsByConversationIdHandBack'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/agent/decisions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The agent's decisions on shopper texts, newest first */
    get: operations['getBrandsByBrandIdAgentDecisions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/agent/decisions/{messageId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The decision on one shopper text, explained in words */
    get: operations['getBrandsByBrandIdAgentDecisionsByMessageId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/agent/decisions/{messageId}/draft': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send the agent's draft (as written or edited) or discard it
     * @description Sent through the send job as the agent’s reply (the agent stays on the conversation). 409 when the draft was already sent or discarded, or the shopper cannot be texted (the reply’s refusal).
     */
    post: operations['postBrandsByBrandIdAgentDecisionsByMessageIdDraft'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/agent/decisions/{messageId}/wrong': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mark the agent's answer wrong: its card counts less for that topic */
    post: operations['postBrandsByBrandIdAgentDecisionsByMessageIdWrong'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/agent/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The shopper agent's settings */
    get: operations['getBrandsByBrandIdAgentSettings'];
    /**
     * Change the shopper agent's settings (the given fields; an empty text clears one)
     * @description An admin’s: a member gets 403 with the reason.
     */
    put: operations['putBrandsByBrandIdAgentSettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/agent/wrong-answers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The answers brand users marked wrong, newest first */
    get: operations['getBrandsByBrandIdAgentWrongAnswers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/attribution/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's attribution model, evidence windows and holdout groups, defaults filled in */
    get: operations['getBrandsByBrandIdAttributionSettings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/billing-portal': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A Stripe billing portal session for the brand's customer (cards, invoices, billing address) */
    post: operations['postBrandsByBrandIdBillingPortal'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/campaign-permissions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What the caller may do with campaigns (members cannot schedule or cancel) */
    get: operations['getBrandsByBrandIdCampaignPermissions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/campaigns': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The brand's campaigns with their progress
     * @description Newest first.
     */
    get: operations['getBrandsByBrandIdCampaigns'];
    put?: never;
    /**
     * Save a new campaign as a draft: segment, message, link, discount, cutoff, smart sending
     * @description Nothing is sent until it is scheduled (admins). A test can be sent to a draft.
     */
    post: operations['postBrandsByBrandIdCampaigns'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/campaigns/{campaignId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One campaign of the brand with its progress */
    get: operations['getBrandsByBrandIdCampaignsByCampaignId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Change a campaign that has not started sending (only the fields given) */
    patch: operations['patchBrandsByBrandIdCampaignsByCampaignId'];
    trace?: never;
  };
  '/api/brands/{brandId}/campaigns/{campaignId}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Cancel a campaign before or during its send (admins): nothing more goes out */
    post: operations['postBrandsByBrandIdCampaignsByCampaignIdCancel'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/campaigns/{campaignId}/orders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The campaign's recovered orders (newest first, at most 50); each one's evidence is at /orders/:id/attribution */
    get: operations['getBrandsByBrandIdCampaignsByCampaignIdOrders'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/campaigns/{campaignId}/schedule': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Schedule a draft, or move a campaign that has not started sending (admins): a time in the brand's zone, or now */
    post: operations['postBrandsByBrandIdCampaignsByCampaignIdSchedule'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/campaigns/{campaignId}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send the campaign's text now to one +1 number that is a subscriber of the brand (a test: never counted)
     * @description Through the same send rules (opt-out, quiet hours in the recipient’s time, state caps); the text is marked as a test and is not part of the campaign’s figures.
     */
    post: operations['postBrandsByBrandIdCampaignsByCampaignIdTest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/carts/{cartId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A cart with its latest checkout and the order placed from them */
    get: operations['getBrandsByBrandIdCartsByCartId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/carts/{cartId}/explain': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Why the shopper of a cart was or was not texted, per workflow
     * @description For each workflow of the brand: the recorded outcome when there is one, and the rules as they stand now.
     */
    get: operations['getBrandsByBrandIdCartsByCartIdExplain'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/channels/{channelId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a shopper's subscribed channel
     * @description An unsubscribed or blocked channel is kept (409): it keeps the opt-out in force.
     */
    delete: operations['deleteBrandsByBrandIdChannelsByChannelId'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/charges': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A brand's charges, newest first, with plan, subscription status and gateway */
    get: operations['getBrandsByBrandIdCharges'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/checkouts/{checkoutId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A checkout with its cart and the order placed from them */
    get: operations['getBrandsByBrandIdCheckoutsByCheckoutId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/contacts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's shoppers, newest first (addresses masked) */
    get: operations['getBrandsByBrandIdContacts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/contacts/{contactId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One shopper: channels with consent and outreach eligibility (addresses masked) */
    get: operations['getBrandsByBrandIdContactsByContactId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/contacts/{contactId}/block': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Block a shopper: what STOP does, without the confirmation text
     * @description Every SMS channel of the contact unsubscribed and marked blocked, its queued texts skipped. Idempotent.
     */
    post: operations['postBrandsByBrandIdContactsByContactIdBlock'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/contacts/{contactId}/note': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Set the agents' note on a shopper (empty or null removes it) */
    put: operations['putBrandsByBrandIdContactsByContactIdNote'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/contacts/{contactId}/order-history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What the shopper has bought: totals per currency and the 10 latest orders */
    get: operations['getBrandsByBrandIdContactsByContactIdOrderHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/contacts/{contactId}/orders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The shopper's orders, newest first, with line items and the conversations that recovered them */
    get: operations['getBrandsByBrandIdContactsByContactIdOrders'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/conversations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's conversations, newest first (phone numbers masked) */
    get: operations['getBrandsByBrandIdConversations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/conversations/{conversationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One conversation: messages, feedback, quality reviews, files, discount codes, short links and clicks, its neighbours in the list */
    get: operations['getBrandsByBrandIdConversationsByConversationId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/conversations/{conversationId}/escalations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Escalate a question of the conversation's shopper to a person */
    post: operations['postBrandsByBrandIdConversationsByConversationIdEscalations'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/conversations/{conversationId}/files': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Attach a stored file (by its http(s) URL) to the conversation, or to one of its messages */
    post: operations['postBrandsByBrandIdConversationsByConversationIdFiles'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/conversations/{conversationId}/hide': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Hide the conversation from the default inbox view */
    post: operations['postBrandsByBrandIdConversationsByConversationIdHide'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/conversations/{conversationId}/messages/{messageId}/feedback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Rate a message of the conversation (one feedback per message: saving again updates it) */
    put: operations['putBrandsByBrandIdConversationsByConversationIdMessagesByMessageIdFeedback'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/conversations/{conversationId}/quality': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Review the conversation (the signed-in user is the reviewer) */
    post: operations['postBrandsByBrandIdConversationsByConversationIdQuality'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/conversations/{conversationId}/read': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mark the conversation read by the signed-in user */
    post: operations['postBrandsByBrandIdConversationsByConversationIdRead'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/conversations/{conversationId}/reply': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send an agent's text into the conversation (the signed-in user is its author)
     * @description Refused (409, nothing stored) when the conversation has no text channel, the shopper unsubscribed or is blocked, or the number is not +1. A reply to a shopper who wrote within 24 hours is conversational (any hour, outside the marketing caps); otherwise it is a marketing text held by quiet hours and the state rules like every other.
     */
    post: operations['postBrandsByBrandIdConversationsByConversationIdReply'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/conversations/{conversationId}/unhide': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Show a hidden conversation again */
    post: operations['postBrandsByBrandIdConversationsByConversationIdUnhide'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/escalations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's escalated questions, newest first */
    get: operations['getBrandsByBrandIdEscalations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/escalations/{escalationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One escalated question */
    get: operations['getBrandsByBrandIdEscalationsByEscalationId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Answer an escalated question; say whether the answer went into the knowledge base */
    patch: operations['patchBrandsByBrandIdEscalationsByEscalationId'];
    trace?: never;
  };
  '/api/brands/{brandId}/escalations/{escalationId}/answer': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Answer an escalated question: texted to the shopper, recorded as its processed response
     * @description The answer is the person’s reply (the agent stays out of the conversation until handed back). Saving it as a KB card is POST /api/brands/:brandId/escalations/:escalationId/kb-card.
     */
    post: operations['postBrandsByBrandIdEscalationsByEscalationIdAnswer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/escalations/{escalationId}/kb-card': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make an answered escalation a KB card (its question as the title, its answer as the text)
     * @description The escalation is marked added to the knowledge base. Publishing it at once is an admin’s.
     */
    post: operations['postBrandsByBrandIdEscalationsByEscalationIdKbCard'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/feedback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's feedback on messages, newest first */
    get: operations['getBrandsByBrandIdFeedback'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/flow-options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What the scheduled-flow and keyword-flow forms offer
     * @description The brand's segments (newest first), its texting number, time zone, the default greeting, and whether the caller may start a flow.
     */
    get: operations['getBrandsByBrandIdFlowOptions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/insights': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The brand's insights with the conversations behind each, most conversations first
     * @description Insights whose messages come from conversations started in the period (default: the last 30 days in the brand's time zone).
     */
    get: operations['getBrandsByBrandIdInsights'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/insights/{brandInsightId}/kb-card': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make an insight a KB card (a draft unless said otherwise; the same card when it already is one)
     * @description Publishing it at once is an admin’s.
     */
    post: operations['postBrandsByBrandIdInsightsByBrandInsightIdKbCard'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/insights/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The shopper messages behind the brand's insights, newest first
     * @description By one brand insight (brand_insight_id), or by category (and tag); one of them is required.
     */
    get: operations['getBrandsByBrandIdInsightsMessages'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/integrations/klaviyo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's Klaviyo link: how it is connected, the account, and the last check's outcome */
    get: operations['getBrandsByBrandIdIntegrationsKlaviyo'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/integrations/klaviyo/api-key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Connects Klaviyo with a private API key, checked with an account lookup before it is kept */
    put: operations['putBrandsByBrandIdIntegrationsKlaviyoApiKey'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/integrations/klaviyo/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Checks the Klaviyo link with an account lookup; the outcome is kept as its health */
    post: operations['postBrandsByBrandIdIntegrationsKlaviyoCheck'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/integrations/klaviyo/connect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Klaviyo's authorize link (OAuth with PKCE) for this brand */
    post: operations['postBrandsByBrandIdIntegrationsKlaviyoConnect'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/integrations/slack': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's Slack link: workspace, channel, and the last check's outcome */
    get: operations['getBrandsByBrandIdIntegrationsSlack'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/integrations/slack/channel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Chooses the channel notifications go to (an id or a #name among the listed channels) */
    put: operations['putBrandsByBrandIdIntegrationsSlackChannel'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/integrations/slack/channels': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The workspace's public channels (archived ones left out) */
    get: operations['getBrandsByBrandIdIntegrationsSlackChannels'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/integrations/slack/connect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Slack's authorize link (OAuth v2) for this brand; Slack sends the admin back to the callback */
    post: operations['postBrandsByBrandIdIntegrationsSlackConnect'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/integrations/slack/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Checks the token (auth.test) and sends one test message to the channel */
    post: operations['postBrandsByBrandIdIntegrationsSlackTest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/kb/cards': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's KB cards (every status unless one is asked for), highest weight first, then newest */
    get: operations['getBrandsByBrandIdKbCards'];
    put?: never;
    /** Add a KB card (a draft from the signed-in user unless said otherwise) */
    post: operations['postBrandsByBrandIdKbCards'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/kb/cards/{cardId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One KB card */
    get: operations['getBrandsByBrandIdKbCardsByCardId'];
    put?: never;
    post?: never;
    /** Delete a KB card */
    delete: operations['deleteBrandsByBrandIdKbCardsByCardId'];
    options?: never;
    head?: never;
    /** Change the given fields of a KB card (flow_id null unlinks it from its workflow) */
    patch: operations['patchBrandsByBrandIdKbCardsByCardId'];
    trace?: never;
  };
  '/api/brands/{brandId}/kb/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search the brand's KB cards, best first
     * @description Words of 2 characters or fewer are ignored (a search with no other word finds nothing). PostgreSQL full-text search first; when it finds nothing, the cards containing any word (at most 100).
     */
    get: operations['getBrandsByBrandIdKbSearch'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/keyword-flows': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start a tap-to-text flow (admins): a keyword shoppers text, answered by a greeting asking for Y */
    post: operations['postBrandsByBrandIdKeywordFlows'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/keyword-flows/{keywordFlowId}/link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A keyword flow's sms: link and its QR code
     * @description Without a texting number there is no link yet: `problem` says so.
     */
    get: operations['getBrandsByBrandIdKeywordFlowsByKeywordFlowIdLink'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/orders/{orderId}/attribution': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Why the brand is billed (or not) for an order: the rule, the window and each piece of evidence */
    get: operations['getBrandsByBrandIdOrdersByOrderIdAttribution'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/orders/{orderId}/explain': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Why the shopper of an order was or was not texted, per workflow
     * @description For each workflow of the brand: the recorded outcome when there is one, and the rules as they stand now.
     */
    get: operations['getBrandsByBrandIdOrdersByOrderIdExplain'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/permissions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A brand's permissions: features (beta:) and access, each with its enabled flag */
    get: operations['getBrandsByBrandIdPermissions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The plans this brand may choose, the gateway a choice goes through, and what waits to be charged */
    get: operations['getBrandsByBrandIdPlans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/role': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller's role in the brand and what it may do
     * @description A member does the day’s work (replies, drafts, pause); activating or deleting a workflow, starting a scheduled or keyword flow, publishing, changing a published or deleting a KB card are an admin’s. Each refused action carries the reason the panel shows beside the control.
     */
    get: operations['getBrandsByBrandIdRole'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/scheduled-flows': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start a scheduled flow (admins): a text to a segment on a crontab pattern, active at once */
    post: operations['postBrandsByBrandIdScheduledFlows'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/scheduled-flows/{scheduledFlowId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A scheduled flow: its pattern, segment, message and runs */
    get: operations['getBrandsByBrandIdScheduledFlowsByScheduledFlowId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/segment-builder': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What the segment builder offers: fields, operators, value inputs, states, reasons, limits */
    get: operations['getBrandsByBrandIdSegmentBuilder'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/segments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The brand's segments, each with its count now and the campaigns and flows that use it
     * @description Oldest first. `count` is the preview of each (who matches, who can be texted, who is left out).
     */
    get: operations['getBrandsByBrandIdSegments'];
    put?: never;
    /** Save a segment: a name and a condition tree (validated and compiled) */
    post: operations['postBrandsByBrandIdSegments'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/segments/{segmentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One segment with its tree and the campaigns and flows that use it */
    get: operations['getBrandsByBrandIdSegmentsBySegmentId'];
    put?: never;
    post?: never;
    /** Delete a segment (admins); refused while a campaign or flow that is not finished uses it */
    delete: operations['deleteBrandsByBrandIdSegmentsBySegmentId'];
    options?: never;
    head?: never;
    /**
     * Rename a segment or change its tree (only what is given)
     * @description A campaign that uses it targets whoever the new tree matches when it starts sending.
     */
    patch: operations['patchBrandsByBrandIdSegmentsBySegmentId'];
    trace?: never;
  };
  '/api/brands/{brandId}/segments/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The live count of a tree (not saved) or a saved segment: who matches, who can be texted, who is left out and why
     * @description Give `filter`, or `segment_id`. `smart_sending: false` counts contacts texted in the last 24 h as reachable.
     */
    post: operations['postBrandsByBrandIdSegmentsPreview'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/stats/brand': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every metric of the period against the previous period, with the change
     * @description The previous period is the prior whole month or year for a whole month or year, else the same number of days directly before. Money is a decimal string, rates a share (0.25 is 25%).
     */
    get: operations['getBrandsByBrandIdStatsBrand'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/stats/conversations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Conversations started, texted and replied (visible ones by default) */
    get: operations['getBrandsByBrandIdStatsConversations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/stats/daily': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every metric per hour, day, week, month or year of the period */
    get: operations['getBrandsByBrandIdStatsDaily'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/stats/funnel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Candidates -> started -> sent -> delivered -> clicked -> replied -> recovered, with outcomes and orders */
    get: operations['getBrandsByBrandIdStatsFunnel'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/stats/insights': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Conversations and shopper messages by insight category and tag over the period */
    get: operations['getBrandsByBrandIdStatsInsights'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/stats/kb': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** KB cards by status and source, cards created and updated in the period, and escalations */
    get: operations['getBrandsByBrandIdStatsKb'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/stats/lift': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Recovery rate of texted carts against held-out carts, with attributed revenue beside it */
    get: operations['getBrandsByBrandIdStatsLift'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/stats/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The live feed: the newest 50 conversations, 50 orders and 50 goal events (pending, recovered, messaged) */
    get: operations['getBrandsByBrandIdStatsLive'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/stats/recovered': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Orders placed in the period and those recovered (the live feed rule), with sales */
    get: operations['getBrandsByBrandIdStatsRecovered'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/stats/workflows': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Each workflow's funnel, outcomes and recovered orders, current against previous */
    get: operations['getBrandsByBrandIdStatsWorkflows'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/store-connections': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's store connections and their health, newest first */
    get: operations['getBrandsByBrandIdStoreConnections'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/subscription': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's subscription: the live one (else the newest), its status and plan; null without one */
    get: operations['getBrandsByBrandIdSubscription'];
    put?: never;
    /** Choose a plan: subscribe (a checkout to confirm) or, with a live subscription, change its plan */
    post: operations['postBrandsByBrandIdSubscription'];
    /** Cancels the brand's subscription (the live one, else the pending checkout) at its gateway */
    delete: operations['deleteBrandsByBrandIdSubscription'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/subscription/sync': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Reads the brand's subscriptions from their gateway now (after a checkout) and answers what changed */
    post: operations['postBrandsByBrandIdSubscriptionSync'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/subscription/usage-cap': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Asks Shopify for a higher usage cap; the merchant approves it at the confirmation URL */
    post: operations['postBrandsByBrandIdSubscriptionUsageCap'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/team': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's team: members with role and state; a partner user also sees its partner's members */
    get: operations['getBrandsByBrandIdTeam'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/team/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Invite people by e-mail: each gets the mailed setup link (3 days)
     * @description Addresses are split on commas, semicolons and new lines. An address that already has an account refuses the whole batch (409). A brand admin’s.
     */
    post: operations['postBrandsByBrandIdTeamInvitations'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/team/members/{memberId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change a member’s role, suspend a member, or lift a suspension
     * @description A suspended member no longer reads the brand. Nobody changes their own membership, and the team keeps at least one active admin. A brand admin’s.
     */
    patch: operations['patchBrandsByBrandIdTeamMembersByMemberId'];
    trace?: never;
  };
  '/api/brands/{brandId}/team/members/{memberId}/reinvite': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mail a fresh setup link to a member who has not accepted yet (the old link stops working) */
    post: operations['postBrandsByBrandIdTeamMembersByMemberIdReinvite'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/texting': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brand's texting number, its 10DLC registration when known, and the quiet-hours rules */
    get: operations['getBrandsByBrandIdTexting'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/texting/composer': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What the composer counts a text with: a short link as sent, sample values, the price of a segment
     * @description The short link has the real base URL and code length; the samples are typical lengths for the placeholders. The price is SMS_SEGMENT_PRICE_USD, null when it is not set.
     */
    get: operations['getBrandsByBrandIdTextingComposer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/texting/policy-check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reads the terms and privacy pages and lists each missing consent phrase with a sentence to add
     * @description A page given here (a draft) replaces the saved one. Nothing is saved.
     */
    post: operations['postBrandsByBrandIdTextingPolicyCheck'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/texting/registration': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The 10DLC registration: company details, what is still missing, and the registration's state */
    get: operations['getBrandsByBrandIdTextingRegistration'];
    put?: never;
    /** Registers the brand and its campaign with the carriers (the policy check runs first) */
    post: operations['postBrandsByBrandIdTextingRegistration'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/texting/registration/appeal': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Appeals a rejected campaign with what was fixed */
    post: operations['postBrandsByBrandIdTextingRegistrationAppeal'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/texting/registration/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Starts the registration again from the step that stopped */
    post: operations['postBrandsByBrandIdTextingRegistrationRetry'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/texting/registration/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Saves company details (merged field by field); nothing is saved when a field is invalid */
    put: operations['putBrandsByBrandIdTextingRegistrationSettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/texting/registration/settings/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Checks company details as they would be saved, field by field; saves nothing */
    post: operations['postBrandsByBrandIdTextingRegistrationSettingsCheck'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/workflow-editor': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What the workflow editor offers: the templates, the rule fields and operators, discount types
     * @description Also the caller's role and what it may do (members cannot activate or delete).
     */
    get: operations['getBrandsByBrandIdWorkflowEditor'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/workflows': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The brand's workflows with their stats
     * @description Newest first.
     */
    get: operations['getBrandsByBrandIdWorkflows'];
    put?: never;
    /**
     * Create a workflow from a template, or blank (a paused draft)
     * @description With `template`: the template’s name, type, delay, message, main rule and discount, then the other fields given. Without: `type` and the fields. It stays a paused draft until activated.
     */
    post: operations['postBrandsByBrandIdWorkflows'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/workflows/{workflowId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One workflow: message, rules and discount */
    get: operations['getBrandsByBrandIdWorkflowsByWorkflowId'];
    put?: never;
    post?: never;
    /** Delete a workflow (admins) */
    delete: operations['deleteBrandsByBrandIdWorkflowsByWorkflowId'];
    options?: never;
    head?: never;
    /**
     * Change a workflow: message, delay, discount, rules (only the fields given)
     * @description The whole workflow is checked again before anything is written; the first problem is the message.
     */
    patch: operations['patchBrandsByBrandIdWorkflowsByWorkflowId'];
    trace?: never;
  };
  '/api/brands/{brandId}/workflows/{workflowId}/activate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Activate a workflow (admins): checked as a whole, then active and running */
    post: operations['postBrandsByBrandIdWorkflowsByWorkflowIdActivate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/workflows/{workflowId}/changes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workflow's history: who changed what, and when, newest first
     * @description One entry per change made in the panel or the CLI (actor `cli`, no user). `changes` holds, per field, what it was and what it became.
     */
    get: operations['getBrandsByBrandIdWorkflowsByWorkflowIdChanges'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/workflows/{workflowId}/pause': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Pause a workflow (it selects nobody until resumed) */
    post: operations['postBrandsByBrandIdWorkflowsByWorkflowIdPause'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/brands/{brandId}/workflows/{workflowId}/resume': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Resume a paused workflow */
    post: operations['postBrandsByBrandIdWorkflowsByWorkflowIdResume'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/integrations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The integrations of the brands the session may read, newest first */
    get: operations['getIntegrations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Answers No id provided: a patch names its integration in the path */
    patch: operations['patchIntegrations'];
    trace?: never;
  };
  '/api/integrations/{integrationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Changes an integration's settings (merged) or whether it is enabled */
    patch: operations['patchIntegrationsByIntegrationId'];
    trace?: never;
  };
  '/api/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user: profile, role, policies and memberships */
    get: operations['getMe'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's notifications, newest first, with the user's read state */
    get: operations['getNotifications'];
    put?: never;
    /**
     * Send a notification (staff only)
     * @description To one user (user_id), a tenant's active members (tenant_id), a brand's tenant (brand_id alone), staff (audience 'staff'), or, with none of them, everyone.
     */
    post: operations['postNotifications'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications/{notificationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One notification the signed-in user may see */
    get: operations['getNotificationsByNotificationId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications/{notificationId}/read': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mark a notification read for the signed-in user (reading twice keeps the first time) */
    post: operations['postNotificationsByNotificationIdRead'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications/read-all': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mark every notification the signed-in user may see as read */
    post: operations['postNotificationsReadAll'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications/unread-count': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How many notifications the signed-in user has not read */
    get: operations['getNotificationsUnreadCount'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This OpenAPI 3.1 document */
    get: operations['getOpenapiJson'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/staff/brands': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every brand by total earnings, the sales of its recovered orders (staff only)
     * @description Brands of the internal_testing industry are left out. Earnings of all time unless from and to are given.
     */
    get: operations['getStaffBrands'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/staff/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The staff members, oldest first (staff only) */
    get: operations['getStaffMembers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/tenants/{tenantId}/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A tenant's members, most recent login first */
    get: operations['getTenantsByTenantIdUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
};
export type webhooks = Record<string, never>;
export type components = {
  schemas: {
    Error: {
      error: {
        code: string | null;
        /** @enum {string} */
        kind: 'invalid_input' | 'not_found' | 'conflict' | 'unauthorized' | 'forbidden' | 'upstream' | 'internal';
        message: string;
      };
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
  postAuthForgotPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
        };
      };
    };
    responses: {
      /** @description Mail a password reset link (the same answer for any e-mail) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAuthInvite: {
    parameters: {
      query: {
        token: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Who an invitation is for (changes nothing) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email: string;
            /** Format: date-time */
            expires_at: string;
            family_name: string | null;
            given_name: string | null;
            /** @enum {string} */
            kind: 'tenant' | 'partner';
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuthLogin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @default brand
           * @enum {string}
           */
          app?: 'admin' | 'brand';
          email: string;
          password?: string;
        };
      };
    };
    responses: {
      /** @description Log in with e-mail and password */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access_token: string;
            /** Format: date-time */
            account_created_at: string;
            avatar_url: string | null;
            brand_id: number | null;
            email: string;
            family_name: string | null;
            given_name: string | null;
            is_staff: boolean;
            partner_id: number | null;
            phone: string | null;
            policies: string[];
            refresh_token: string;
            role: string;
            tenant_id: number | null;
            user_id: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuthLogout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          refresh_token?: string;
        };
      };
    };
    responses: {
      /** @description Sign out: the session of the refresh token (body or cookie) is revoked and the cookie cleared */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAuthPasskeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The signed-in user's passkeys */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            passkeys: {
              /** Format: date-time */
              created_at: string;
              id: string;
              last_used_at: string | null;
              name: string;
              transports: string[];
            }[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteAuthPasskeysByPasskeyId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        passkeyId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Remove one of the signed-in user’s passkeys */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuthPasskeysLoginOptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
        };
      };
    };
    responses: {
      /** @description Start logging in with a passkey: options for navigator.credentials.get() */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuthPasskeysLoginVerify: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @default brand
           * @enum {string}
           */
          app?: 'admin' | 'brand';
          email: string;
          /** @description the PublicKeyCredential JSON of the browser */
          response: {
            /** @default {} */
            clientExtensionResults?: {
              [key: string]: unknown;
            };
            id: string;
            rawId: string;
            response: {
              [key: string]: unknown;
            };
            /** @constant */
            type: 'public-key';
          } & {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Finish logging in with a passkey */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access_token: string;
            /** Format: date-time */
            account_created_at: string;
            avatar_url: string | null;
            brand_id: number | null;
            email: string;
            family_name: string | null;
            given_name: string | null;
            is_staff: boolean;
            partner_id: number | null;
            phone: string | null;
            policies: string[];
            refresh_token: string;
            role: string;
            tenant_id: number | null;
            user_id: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuthPasskeysRegistrationOptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Start registering a passkey: options for navigator.credentials.create() */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuthPasskeysRegistrationVerify: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          /** @description the PublicKeyCredential JSON of the browser */
          response: {
            /** @default {} */
            clientExtensionResults?: {
              [key: string]: unknown;
            };
            id: string;
            rawId: string;
            response: {
              [key: string]: unknown;
            };
            /** @constant */
            type: 'public-key';
          } & {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Finish registering a passkey */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            passkey: {
              /** Format: date-time */
              created_at: string;
              id: string;
              last_used_at: string | null;
              name: string;
              transports: string[];
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuthPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          confirm_password: string;
          current_password: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Change the password (the current one is asked); every other session ends */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access_token: string;
            /** Format: date-time */
            account_created_at: string;
            avatar_url: string | null;
            brand_id: number | null;
            email: string;
            family_name: string | null;
            given_name: string | null;
            is_staff: boolean;
            partner_id: number | null;
            phone: string | null;
            policies: string[];
            refresh_token: string;
            role: string;
            /** @description other sessions ended */
            signed_out: number;
            tenant_id: number | null;
            user_id: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuthRedirect: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @default brand
           * @enum {string}
           */
          app?: 'admin' | 'brand';
          token?: string;
        };
      };
    };
    responses: {
      /** @description Exchange the one-time token of /auth/redirect (after a store install or app open) for a session */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access_token: string;
            /** Format: date-time */
            account_created_at: string;
            avatar_url: string | null;
            brand_id: number | null;
            email: string;
            family_name: string | null;
            given_name: string | null;
            is_staff: boolean;
            partner_id: number | null;
            phone: string | null;
            policies: string[];
            refresh_token: string;
            role: string;
            tenant_id: number | null;
            user_id: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuthRefresh: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          refresh_token?: string;
        };
      };
    };
    responses: {
      /** @description A new token pair for a refresh token (the presented one is retired) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access_token: string;
            /** Format: date-time */
            account_created_at: string;
            avatar_url: string | null;
            brand_id: number | null;
            email: string;
            family_name: string | null;
            given_name: string | null;
            is_staff: boolean;
            partner_id: number | null;
            phone: string | null;
            policies: string[];
            refresh_token: string;
            role: string;
            tenant_id: number | null;
            user_id: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuthResetPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          confirm_password: string;
          password: string;
          token: string;
        };
      };
    };
    responses: {
      /** @description Set a new password with the token of a reset link */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email: string;
            message: string;
            user_id: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAuthSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The signed-in user’s live sessions (one per sign-in), most recently used first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            sessions: {
              /** @enum {string} */
              app: 'admin' | 'brand';
              current: boolean;
              /** Format: date-time */
              expires_at: string;
              id: string;
              /** Format: date-time */
              last_active_at: string;
              /** Format: date-time */
              started_at: string;
              /** @description the browser of the sign-in, as it named itself */
              user_agent: string | null;
            }[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuthSessionsSignOutOthers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Sign out every other session of the signed-in user (this one stays) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            signed_out: number;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postAuthSetupAccount: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          confirm_password: string;
          family_name?: string;
          given_name?: string;
          password: string;
          token: string;
        };
      };
    };
    responses: {
      /** @description Accept an invitation: set the password (and names) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email: string;
            /** @enum {string} */
            kind: 'tenant' | 'partner';
            user_id: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrands: {
    parameters: {
      query?: {
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
        /** @description part of the name or domain */
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brands the session may read (staff: every brand), by name */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              /** Format: date-time */
              created_at: string;
              domain: string | null;
              id: number;
              industry: string | null;
              is_enabled: boolean;
              name: string;
              tenant_id: number;
              timezone: string;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One brand */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand: {
              company_website: string | null;
              /** Format: date-time */
              created_at: string;
              currency: string;
              domain: string | null;
              id: number;
              industry: string | null;
              is_enabled: boolean;
              name: string;
              support_email: string | null;
              support_phone: string | null;
              tenant_id: number;
              timezone: string;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdAdJobs: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description what the ads are for */
          campaign?: string;
          /** @default 3 */
          concepts?: number;
          /**
           * @description WIDTHxHEIGHT, each side 256 to 2048
           * @default 1024x1024
           */
          dimensions?: string;
          /** @description default: the brand's company website */
          website?: string;
        };
      };
    };
    responses: {
      /** @description Start making an ad (as `reclaim ads generate`): answers at once with the job to poll */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            job: {
              /** @description the ad, once done */
              ad_id: number | null;
              /** @description the phase in words, e.g. "2/3" images made */
              detail: string;
              done: ('scrape' | 'concepts' | 'images' | 'store')[];
              error: string | null;
              finished_at: string | null;
              id: string;
              /**
               * @description what it is doing (or did last)
               * @enum {string}
               */
              phase: 'scrape' | 'concepts' | 'images' | 'store';
              /** Format: date-time */
              started_at: string;
              /** @enum {string} */
              state: 'working' | 'done' | 'failed';
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdAdJobsByJobId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        jobId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A job making an ad: its phase, what is done, and the ad once made (or why it failed) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            job: {
              /** @description the ad, once done */
              ad_id: number | null;
              /** @description the phase in words, e.g. "2/3" images made */
              detail: string;
              done: ('scrape' | 'concepts' | 'images' | 'store')[];
              error: string | null;
              finished_at: string | null;
              id: string;
              /**
               * @description what it is doing (or did last)
               * @enum {string}
               */
              phase: 'scrape' | 'concepts' | 'images' | 'store';
              /** Format: date-time */
              started_at: string;
              /** @enum {string} */
              state: 'working' | 'done' | 'failed';
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdAds: {
    parameters: {
      query?: {
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's generated ads, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              campaign: string | null;
              concepts: number;
              /** @description the first image, server-relative */
              cover_url: string | null;
              /** Format: date-time */
              created_at: string;
              /** @description WIDTHxHEIGHT */
              dimensions: string | null;
              files: number;
              id: number;
              /** @description local or automation */
              renderer: string | null;
              website: string | null;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdAdsByAdId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        adId: number;
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One ad: the brand knowledge, its concepts and its images */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            ad: {
              campaign: string | null;
              concepts: {
                body: string;
                call_to_action: string;
                /** @description its image */
                file_id: number | null;
                headline: string;
                id: number;
                index: number;
                target_audience: string;
                visual_description: string;
              }[];
              /** Format: date-time */
              created_at: string;
              /** @description WIDTHxHEIGHT */
              dimensions: string | null;
              files: {
                caption: string | null;
                height: number | null;
                id: number;
                name: string | null;
                size: number | null;
                type: string | null;
                /** @description server-relative */
                url: string;
                width: number | null;
              }[];
              /** @description what made the concepts: local, or an LLM provider */
              generator: string | null;
              id: number;
              /** @description the brand knowledge read from the website */
              knowledge_text: string | null;
              /** @description local or automation */
              renderer: string | null;
              /** Format: date-time */
              updated_at: string;
              website: string | null;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdAdsByAdIdConceptsByIndexRegenerate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        adId: number;
        brandId: number;
        index: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Make one concept again (the next variant) with a new image; the old image is deleted */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            ad: {
              campaign: string | null;
              concepts: {
                body: string;
                call_to_action: string;
                /** @description its image */
                file_id: number | null;
                headline: string;
                id: number;
                index: number;
                target_audience: string;
                visual_description: string;
              }[];
              /** Format: date-time */
              created_at: string;
              /** @description WIDTHxHEIGHT */
              dimensions: string | null;
              files: {
                caption: string | null;
                height: number | null;
                id: number;
                name: string | null;
                size: number | null;
                type: string | null;
                /** @description server-relative */
                url: string;
                width: number | null;
              }[];
              /** @description what made the concepts: local, or an LLM provider */
              generator: string | null;
              id: number;
              /** @description the brand knowledge read from the website */
              knowledge_text: string | null;
              /** @description local or automation */
              renderer: string | null;
              /** Format: date-time */
              updated_at: string;
              website: string | null;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdAdsOptions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What the new-ad form offers: the website read by default, concept counts and image sizes */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            default_concepts: number;
            max_concepts: number;
            sizes: {
              label: string;
              value: string;
            }[];
            /** @description the brand's company website (else its domain) */
            website: string | null;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdAgentConversationsByConversationId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        conversationId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The agent on one conversation: its mode, whether a person has it, its decisions with their sources */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            conversation_id: number;
            decisions: {
              confidence: number;
              conversation_id: number;
              /** Format: date-time */
              created_at: string;
              /** @enum {string} */
              decision: 'answered' | 'escalated' | 'silent' | 'opted_out' | 'human';
              decision_id: number;
              /** @description queued, draft or not_sent */
              delivery: string | null;
              delivery_reason: string | null;
              escalation_id: number | null;
              /** @description a brand user marked this answer wrong */
              marked_wrong: boolean;
              message_id: number;
              /** @enum {string} */
              mode: 'off' | 'draft' | 'auto';
              reason: string;
              reply: string | null;
              reply_message_id: number | null;
              /** @description the sources, named */
              source_cards: {
                id: number;
                title: string;
              }[];
              /** @description KB card ids */
              sources: number[];
              /** @description the reason, in words */
              why: string;
              /** @enum {string} */
              writer: 'offline' | 'model';
            }[];
            /** @enum {string} */
            mode: 'off' | 'draft' | 'auto';
            /** @description a person replied within the pause: the agent stays out until handed back */
            paused: boolean;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdAgentConversationsByConversationIdHandBack: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        conversationId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Hand a conversation a person took over back to the agent */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            conversation_id: number;
            /** Format: date-time */
            handed_back_at: string;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdAgentDecisions: {
    parameters: {
      query?: {
        conversation_id?: number;
        decision?: 'answered' | 'escalated' | 'silent' | 'opted_out' | 'human';
        since?: string;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The agent's decisions on shopper texts, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              confidence: number;
              conversation_id: number;
              /** Format: date-time */
              created_at: string;
              /** @enum {string} */
              decision: 'answered' | 'escalated' | 'silent' | 'opted_out' | 'human';
              decision_id: number;
              /** @description queued, draft or not_sent */
              delivery: string | null;
              delivery_reason: string | null;
              escalation_id: number | null;
              message_id: number;
              /** @enum {string} */
              mode: 'off' | 'draft' | 'auto';
              reason: string;
              reply: string | null;
              reply_message_id: number | null;
              /** @description KB card ids */
              sources: number[];
              /** @enum {string} */
              writer: 'offline' | 'model';
            }[];
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdAgentDecisionsByMessageId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        messageId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The decision on one shopper text, explained in words */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            decision: {
              confidence: number;
              conversation_id: number;
              /** Format: date-time */
              created_at: string;
              /** @enum {string} */
              decision: 'answered' | 'escalated' | 'silent' | 'opted_out' | 'human';
              decision_id: number;
              /** @description queued, draft or not_sent */
              delivery: string | null;
              delivery_reason: string | null;
              escalation_id: number | null;
              explanation: string[];
              message_id: number;
              /** @enum {string} */
              mode: 'off' | 'draft' | 'auto';
              reason: string;
              reply: string | null;
              reply_message_id: number | null;
              /** @description KB card ids */
              sources: number[];
              /** @enum {string} */
              writer: 'offline' | 'model';
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdAgentDecisionsByMessageIdDraft: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        messageId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          action: 'send' | 'discard';
          /** @description the edited text (default: the draft as written) */
          body?: string;
        };
      };
    };
    responses: {
      /** @description Send the agent's draft (as written or edited) or discard it */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            decision: {
              confidence: number;
              conversation_id: number;
              /** Format: date-time */
              created_at: string;
              /** @enum {string} */
              decision: 'answered' | 'escalated' | 'silent' | 'opted_out' | 'human';
              decision_id: number;
              /** @description queued, draft or not_sent */
              delivery: string | null;
              delivery_reason: string | null;
              edited: boolean;
              escalation_id: number | null;
              /** @description a brand user marked this answer wrong */
              marked_wrong: boolean;
              message_id: number;
              /** @enum {string} */
              mode: 'off' | 'draft' | 'auto';
              reason: string;
              reply: string | null;
              reply_message_id: number | null;
              /** @description the sources, named */
              source_cards: {
                id: number;
                title: string;
              }[];
              /** @description KB card ids */
              sources: number[];
              /** @description the reason, in words */
              why: string;
              /** @enum {string} */
              writer: 'offline' | 'model';
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdAgentDecisionsByMessageIdWrong: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        messageId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          note?: string | null;
        };
      };
    };
    responses: {
      /** @description Mark the agent's answer wrong: its card counts less for that topic */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            decision: {
              confidence: number;
              conversation_id: number;
              /** Format: date-time */
              created_at: string;
              /** @enum {string} */
              decision: 'answered' | 'escalated' | 'silent' | 'opted_out' | 'human';
              decision_id: number;
              /** @description queued, draft or not_sent */
              delivery: string | null;
              delivery_reason: string | null;
              escalation_id: number | null;
              /** @description a brand user marked this answer wrong */
              marked_wrong: boolean;
              message_id: number;
              /** @enum {string} */
              mode: 'off' | 'draft' | 'auto';
              reason: string;
              reply: string | null;
              reply_message_id: number | null;
              /** @description the sources, named */
              source_cards: {
                id: number;
                title: string;
              }[];
              /** @description KB card ids */
              sources: number[];
              /** @description the reason, in words */
              why: string;
              /** @enum {string} */
              writer: 'offline' | 'model';
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdAgentSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The shopper agent's settings */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            settings: {
              brand_id: number;
              /** @description added to the first agent reply of a conversation */
              disclosure: string | null;
              /** @description sent when the agent escalates (auto mode) */
              holding_reply: string | null;
              /** @description how long a person’s reply keeps the agent out */
              human_pause_hours: number;
              /** @description agent replies per conversation in 24 hours at most */
              max_replies_per_day: number;
              /**
               * @description off: no decisions; draft: replies wait for a person; auto: replies are sent
               * @enum {string}
               */
              mode: 'off' | 'draft' | 'auto';
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  putBrandsByBrandIdAgentSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          disclosure?: string | null;
          holding_reply?: string | null;
          human_pause_hours?: number;
          max_replies_per_day?: number;
          /** @enum {string} */
          mode?: 'off' | 'draft' | 'auto';
        };
      };
    };
    responses: {
      /** @description Change the shopper agent's settings (the given fields; an empty text clears one) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            settings: {
              brand_id: number;
              /** @description added to the first agent reply of a conversation */
              disclosure: string | null;
              /** @description sent when the agent escalates (auto mode) */
              holding_reply: string | null;
              /** @description how long a person’s reply keeps the agent out */
              human_pause_hours: number;
              /** @description agent replies per conversation in 24 hours at most */
              max_replies_per_day: number;
              /**
               * @description off: no decisions; draft: replies wait for a person; auto: replies are sent
               * @enum {string}
               */
              mode: 'off' | 'draft' | 'auto';
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdAgentWrongAnswers: {
    parameters: {
      query?: {
        limit?: number;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The answers brand users marked wrong, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              card_id: number | null;
              card_title: string | null;
              conversation_id: number;
              /** Format: date-time */
              created_at: string;
              decision_id: number;
              marked_by: string | null;
              message_id: number;
              note: string | null;
              question: string;
              reply: string | null;
              /** @description the question’s topic as read (empty: none) */
              topic: string;
            }[];
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdAttributionSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's attribution model, evidence windows and holdout groups, defaults filled in */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description no order later than this after a text is attributed */
            hard_cap_days: number;
            /** @description contact groups never texted, to measure the lift */
            holdout_groups: string[];
            /** @description last_touch, first_touch or code_only */
            type: string;
            warnings: string[];
            /** @description hours before an order each kind of evidence counts (0: not counted) */
            windows: {
              click: number;
              discount_code: number;
              message: number;
              reply: number;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdBillingPortal: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A Stripe billing portal session for the brand's customer (cards, invoices, billing address) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            url: string;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdCampaignPermissions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What the caller may do with campaigns (members cannot schedule or cancel) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description the actions only an admin may take */
            admin_only: string[];
            /** @description why those controls are not available to this user (null: an admin) */
            reason: string | null;
            /** @enum {string} */
            role: 'admin' | 'member';
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdCampaigns: {
    parameters: {
      query?: {
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's campaigns with their progress */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              brand_id: number;
              cutoff_hours: number | null;
              discount: string | null;
              id: number;
              link_url: string | null;
              message: string;
              name: string;
              progress: {
                clicked: number;
                delivered: number;
                /** @description ISO time the texts not sent yet will have gone out at the brand's number's pace (rate and daily cap); null when none is left or the provider has no pace */
                estimated_finish_at: string | null;
                failed: number;
                /** @description waiting for the recipient window, a state cap or the rate */
                held: number;
                /** @description of the held texts, those waiting for the number's daily cap (the next day, UTC); null for none */
                held_by_daily_cap: {
                  count: number;
                  /** @description ISO time the first of them goes */
                  until: string | null;
                } | null;
                /** @description the brand's number's pace: texts per second and per day (its 10DLC tier, its setting or the default) */
                pace: {
                  per_day: number;
                  per_second: number;
                } | null;
                /** @description waiting: due now or not written yet */
                pending: number;
                queued: number;
                recovered: number;
                /** @description the recovered orders' total, in the brand's currency */
                recovered_revenue: string;
                replied: number;
                /** @description ISO time */
                scheduled_for: string | null;
                sent: number;
                /** @description left out at freeze or send time, by reason */
                skipped: {
                  [key: string]: number;
                };
                /** @enum {string} */
                state: 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';
                targeted: number;
                /** @description sent, then not delivered by the carrier: counted in sent and in failed */
                undelivered: number;
              };
              segment: {
                id: number;
                name: string;
              } | null;
              smart_sending: boolean;
              timezone: string;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdCampaigns: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description 1-72; null: no cutoff */
          cutoff_hours?: number | null;
          /** @description a code per shopper (percentage, fixed or shipping); null: no code */
          discount?: {
            duration_days?: number;
            type: string;
            value?: number;
          } | null;
          /** @description where {cart_link} goes; null: no link */
          link_url?: string | null;
          message: string;
          name?: string;
          segment_id: number;
          /** @description leave out contacts texted in the last 24 h (default on) */
          smart_sending?: boolean;
        };
      };
    };
    responses: {
      /** @description Save a new campaign as a draft: segment, message, link, discount, cutoff, smart sending */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            campaign: {
              brand_id: number;
              cutoff_hours: number | null;
              discount: string | null;
              id: number;
              link_url: string | null;
              message: string;
              name: string;
              progress: {
                clicked: number;
                delivered: number;
                /** @description ISO time the texts not sent yet will have gone out at the brand's number's pace (rate and daily cap); null when none is left or the provider has no pace */
                estimated_finish_at: string | null;
                failed: number;
                /** @description waiting for the recipient window, a state cap or the rate */
                held: number;
                /** @description of the held texts, those waiting for the number's daily cap (the next day, UTC); null for none */
                held_by_daily_cap: {
                  count: number;
                  /** @description ISO time the first of them goes */
                  until: string | null;
                } | null;
                /** @description the brand's number's pace: texts per second and per day (its 10DLC tier, its setting or the default) */
                pace: {
                  per_day: number;
                  per_second: number;
                } | null;
                /** @description waiting: due now or not written yet */
                pending: number;
                queued: number;
                recovered: number;
                /** @description the recovered orders' total, in the brand's currency */
                recovered_revenue: string;
                replied: number;
                /** @description ISO time */
                scheduled_for: string | null;
                sent: number;
                /** @description left out at freeze or send time, by reason */
                skipped: {
                  [key: string]: number;
                };
                /** @enum {string} */
                state: 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';
                targeted: number;
                /** @description sent, then not delivered by the carrier: counted in sent and in failed */
                undelivered: number;
              };
              segment: {
                id: number;
                name: string;
              } | null;
              smart_sending: boolean;
              timezone: string;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdCampaignsByCampaignId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        campaignId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One campaign of the brand with its progress */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand_id: number;
            cutoff_hours: number | null;
            discount: string | null;
            id: number;
            link_url: string | null;
            message: string;
            name: string;
            progress: {
              clicked: number;
              delivered: number;
              /** @description ISO time the texts not sent yet will have gone out at the brand's number's pace (rate and daily cap); null when none is left or the provider has no pace */
              estimated_finish_at: string | null;
              failed: number;
              /** @description waiting for the recipient window, a state cap or the rate */
              held: number;
              /** @description of the held texts, those waiting for the number's daily cap (the next day, UTC); null for none */
              held_by_daily_cap: {
                count: number;
                /** @description ISO time the first of them goes */
                until: string | null;
              } | null;
              /** @description the brand's number's pace: texts per second and per day (its 10DLC tier, its setting or the default) */
              pace: {
                per_day: number;
                per_second: number;
              } | null;
              /** @description waiting: due now or not written yet */
              pending: number;
              queued: number;
              recovered: number;
              /** @description the recovered orders' total, in the brand's currency */
              recovered_revenue: string;
              replied: number;
              /** @description ISO time */
              scheduled_for: string | null;
              sent: number;
              /** @description left out at freeze or send time, by reason */
              skipped: {
                [key: string]: number;
              };
              /** @enum {string} */
              state: 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';
              targeted: number;
              /** @description sent, then not delivered by the carrier: counted in sent and in failed */
              undelivered: number;
            };
            segment: {
              id: number;
              name: string;
            } | null;
            smart_sending: boolean;
            timezone: string;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  patchBrandsByBrandIdCampaignsByCampaignId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        campaignId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description 1-72; null: no cutoff */
          cutoff_hours?: number | null;
          /** @description a code per shopper (percentage, fixed or shipping); null: no code */
          discount?: {
            duration_days?: number;
            type: string;
            value?: number;
          } | null;
          /** @description where {cart_link} goes; null: no link */
          link_url?: string | null;
          /** @description the text, with placeholders */
          message?: string;
          name?: string;
          segment_id?: number;
          /** @description leave out contacts texted in the last 24 h (default on) */
          smart_sending?: boolean;
        };
      };
    };
    responses: {
      /** @description Change a campaign that has not started sending (only the fields given) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            campaign: {
              brand_id: number;
              cutoff_hours: number | null;
              discount: string | null;
              id: number;
              link_url: string | null;
              message: string;
              name: string;
              progress: {
                clicked: number;
                delivered: number;
                /** @description ISO time the texts not sent yet will have gone out at the brand's number's pace (rate and daily cap); null when none is left or the provider has no pace */
                estimated_finish_at: string | null;
                failed: number;
                /** @description waiting for the recipient window, a state cap or the rate */
                held: number;
                /** @description of the held texts, those waiting for the number's daily cap (the next day, UTC); null for none */
                held_by_daily_cap: {
                  count: number;
                  /** @description ISO time the first of them goes */
                  until: string | null;
                } | null;
                /** @description the brand's number's pace: texts per second and per day (its 10DLC tier, its setting or the default) */
                pace: {
                  per_day: number;
                  per_second: number;
                } | null;
                /** @description waiting: due now or not written yet */
                pending: number;
                queued: number;
                recovered: number;
                /** @description the recovered orders' total, in the brand's currency */
                recovered_revenue: string;
                replied: number;
                /** @description ISO time */
                scheduled_for: string | null;
                sent: number;
                /** @description left out at freeze or send time, by reason */
                skipped: {
                  [key: string]: number;
                };
                /** @enum {string} */
                state: 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';
                targeted: number;
                /** @description sent, then not delivered by the carrier: counted in sent and in failed */
                undelivered: number;
              };
              segment: {
                id: number;
                name: string;
              } | null;
              smart_sending: boolean;
              timezone: string;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdCampaignsByCampaignIdCancel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        campaignId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Cancel a campaign before or during its send (admins): nothing more goes out */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            campaign: {
              brand_id: number;
              cutoff_hours: number | null;
              discount: string | null;
              id: number;
              link_url: string | null;
              message: string;
              name: string;
              progress: {
                clicked: number;
                delivered: number;
                /** @description ISO time the texts not sent yet will have gone out at the brand's number's pace (rate and daily cap); null when none is left or the provider has no pace */
                estimated_finish_at: string | null;
                failed: number;
                /** @description waiting for the recipient window, a state cap or the rate */
                held: number;
                /** @description of the held texts, those waiting for the number's daily cap (the next day, UTC); null for none */
                held_by_daily_cap: {
                  count: number;
                  /** @description ISO time the first of them goes */
                  until: string | null;
                } | null;
                /** @description the brand's number's pace: texts per second and per day (its 10DLC tier, its setting or the default) */
                pace: {
                  per_day: number;
                  per_second: number;
                } | null;
                /** @description waiting: due now or not written yet */
                pending: number;
                queued: number;
                recovered: number;
                /** @description the recovered orders' total, in the brand's currency */
                recovered_revenue: string;
                replied: number;
                /** @description ISO time */
                scheduled_for: string | null;
                sent: number;
                /** @description left out at freeze or send time, by reason */
                skipped: {
                  [key: string]: number;
                };
                /** @enum {string} */
                state: 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';
                targeted: number;
                /** @description sent, then not delivered by the carrier: counted in sent and in failed */
                undelivered: number;
              };
              segment: {
                id: number;
                name: string;
              } | null;
              smart_sending: boolean;
              timezone: string;
            };
            skipped_messages: number;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdCampaignsByCampaignIdOrders: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        campaignId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The campaign's recovered orders (newest first, at most 50); each one's evidence is at /orders/:id/attribution */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              conversation_id: number | null;
              currency: string;
              id: number;
              number: string | null;
              /** Format: date-time */
              recovered_at: string;
              total: string;
            }[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdCampaignsByCampaignIdSchedule: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        campaignId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description "now", an ISO time, or "YYYY-MM-DD HH:MM" in the brand's time zone */
          at: string;
          /** @description true confirms a time more than 15 minutes in the past (else 400 confirmation_required: "This send is scheduled more than 15 minutes before its creation (in the past); it will go out at once.") */
          confirm_past?: boolean;
        };
      };
    };
    responses: {
      /** @description Schedule a draft, or move a campaign that has not started sending (admins): a time in the brand's zone, or now */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            campaign: {
              brand_id: number;
              cutoff_hours: number | null;
              discount: string | null;
              id: number;
              link_url: string | null;
              message: string;
              name: string;
              progress: {
                clicked: number;
                delivered: number;
                /** @description ISO time the texts not sent yet will have gone out at the brand's number's pace (rate and daily cap); null when none is left or the provider has no pace */
                estimated_finish_at: string | null;
                failed: number;
                /** @description waiting for the recipient window, a state cap or the rate */
                held: number;
                /** @description of the held texts, those waiting for the number's daily cap (the next day, UTC); null for none */
                held_by_daily_cap: {
                  count: number;
                  /** @description ISO time the first of them goes */
                  until: string | null;
                } | null;
                /** @description the brand's number's pace: texts per second and per day (its 10DLC tier, its setting or the default) */
                pace: {
                  per_day: number;
                  per_second: number;
                } | null;
                /** @description waiting: due now or not written yet */
                pending: number;
                queued: number;
                recovered: number;
                /** @description the recovered orders' total, in the brand's currency */
                recovered_revenue: string;
                replied: number;
                /** @description ISO time */
                scheduled_for: string | null;
                sent: number;
                /** @description left out at freeze or send time, by reason */
                skipped: {
                  [key: string]: number;
                };
                /** @enum {string} */
                state: 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';
                targeted: number;
                /** @description sent, then not delivered by the carrier: counted in sent and in failed */
                undelivered: number;
              };
              segment: {
                id: number;
                name: string;
              } | null;
              smart_sending: boolean;
              timezone: string;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdCampaignsByCampaignIdTest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        campaignId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          to: string;
        };
      };
    };
    responses: {
      /** @description Send the campaign's text now to one +1 number that is a subscriber of the brand (a test: never counted) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            body: string;
            message_id: number;
            reason: string | null;
            status: string;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdCartsByCartId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        cartId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A cart with its latest checkout and the order placed from them */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cart: {
              /** Format: date-time */
              created_at: string;
              currency: string;
              external_id: string;
              id: number;
              line_items: {
                price: string | null;
                quantity: number;
                sku: string | null;
                title: string;
                variant: string | null;
              }[];
              state: string;
              total: string;
              /** Format: date-time */
              updated_at: string;
            } | null;
            checkout: {
              abandoned_checkout_url: string | null;
              cart_id: number | null;
              /** Format: date-time */
              created_at: string;
              currency: string | null;
              external_id: string;
              id: number;
              is_historical: boolean;
              line_items: {
                price: string | null;
                quantity: number;
                sku: string | null;
                title: string;
                variant: string | null;
              }[];
              state: string;
              total_price: string;
              /** Format: date-time */
              updated_at: string;
            } | null;
            /** @description the order placed from the checkout or cart */
            order: {
              billing_status: string | null;
              /** @description the conversations that recovered it */
              conversation_ids: number[];
              /** Format: date-time */
              created_at: string;
              currency: string;
              discount_codes: string[];
              external_id: string;
              id: number;
              line_items: {
                price: string | null;
                quantity: number;
                sku: string | null;
                title: string;
                variant: string | null;
              }[];
              number: string | null;
              recovered_at: string | null;
              state: string;
              total: string;
              workflow_id: number | null;
            } | null;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdCartsByCartIdExplain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        cartId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Why the shopper of a cart was or was not texted, per workflow */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            subject: {
              brand_id: number;
              contact_id: number | null;
              id: number;
              /** @enum {string} */
              kind: 'cart' | 'order';
              /** @description masked */
              phone: string | null;
            };
            workflows: {
              candidate: {
                id: number;
                kind: string;
              } | null;
              decided_by: string;
              now: {
                checks: {
                  check: string;
                  detail: string;
                  /** @description the detail's facts as machine values */
                  facts?: {
                    at?: string;
                    code?: string;
                    count?: number;
                    days?: number;
                    group?: string;
                  };
                  passed: boolean;
                }[];
                outcome: string | null;
                reason: string | null;
                runnable: boolean;
                runnable_problem: string | null;
                state: string | null;
                window: {
                  description: string;
                  /** Format: date-time */
                  from: string;
                  inside: boolean;
                  /** Format: date-time */
                  to: string;
                } | null;
              } | null;
              /** @description what decided, as machine values (the summary without its prose) */
              reason: {
                at: string | null;
                /** @enum {string} */
                code:
                  | 'recorded'
                  | 'not_applicable'
                  | 'not_running'
                  | 'state'
                  | 'not_yet_candidate'
                  | 'outside_window'
                  | 'next_run'
                  | 'other_workflow_first';
                conversation_id: number | null;
                other_workflow: {
                  id: number;
                  name: string;
                } | null;
                outcome: string | null;
                state: string | null;
                wanted_state: string | null;
                why: string | null;
              };
              recorded: {
                /** Format: date-time */
                at: string;
                conversation_id: number | null;
                detail: string | null;
                outcome: string;
                reason: string | null;
              } | null;
              summary: string;
              texted: boolean;
              workflow: {
                delay_minutes: number;
                id: number;
                is_paused: boolean;
                name: string;
                status: string;
                type: string;
              };
            }[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteBrandsByBrandIdChannelsByChannelId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        channelId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a shopper's subscribed channel */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            channel_id: number;
            /** @constant */
            deleted: true;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdCharges: {
    parameters: {
      query?: {
        /** @description created at or after */
        from?: string;
        gateway?: 'stripe' | 'shopify';
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
        /** @description created before */
        to?: string;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A brand's charges, newest first, with plan, subscription status and gateway */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              amount: string;
              charge_collected_at: string | null;
              /** @description usage charges: the conversation that recovered the order, with the shopper */
              conversation: {
                id: number;
                shopper_name: string | null;
              } | null;
              /** Format: date-time */
              created_at: string;
              /** @constant */
              currency: 'USD';
              description: string | null;
              /** @description usage charges: the recovered sale it was taken on */
              earnings: string | null;
              id: number;
              /** @description usage charges: the recovered order */
              order: {
                number: string | null;
                total: string | null;
              } | null;
              order_id: number | null;
              payment_source: {
                gateway: string | null;
              };
              /** @description usage charges: the plan's share of the sale, in percent */
              percentage: number | null;
              plan: {
                id: number;
                name: string;
              };
              status: string;
              subscription: {
                id: number;
                status: string;
              };
              /** @enum {string} */
              type: 'recurring' | 'usage';
            }[];
            limit: number;
            offset: number;
            total: number;
            /** @description of every matching charge, USD */
            total_amount: string;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdCheckoutsByCheckoutId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        checkoutId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A checkout with its cart and the order placed from them */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cart: {
              /** Format: date-time */
              created_at: string;
              currency: string;
              external_id: string;
              id: number;
              line_items: {
                price: string | null;
                quantity: number;
                sku: string | null;
                title: string;
                variant: string | null;
              }[];
              state: string;
              total: string;
              /** Format: date-time */
              updated_at: string;
            } | null;
            checkout: {
              abandoned_checkout_url: string | null;
              cart_id: number | null;
              /** Format: date-time */
              created_at: string;
              currency: string | null;
              external_id: string;
              id: number;
              is_historical: boolean;
              line_items: {
                price: string | null;
                quantity: number;
                sku: string | null;
                title: string;
                variant: string | null;
              }[];
              state: string;
              total_price: string;
              /** Format: date-time */
              updated_at: string;
            } | null;
            /** @description the order placed from the checkout or cart */
            order: {
              billing_status: string | null;
              /** @description the conversations that recovered it */
              conversation_ids: number[];
              /** Format: date-time */
              created_at: string;
              currency: string;
              discount_codes: string[];
              external_id: string;
              id: number;
              line_items: {
                price: string | null;
                quantity: number;
                sku: string | null;
                title: string;
                variant: string | null;
              }[];
              number: string | null;
              recovered_at: string | null;
              state: string;
              total: string;
              workflow_id: number | null;
            } | null;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdContacts: {
    parameters: {
      query?: {
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
        /** @description digits search phone numbers, an e-mail searches e-mails, words search names */
        q?: string;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's shoppers, newest first (addresses masked) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              brand_id: number;
              buyer_accepts_sms_marketing: boolean | null;
              channels: {
                blocked: boolean;
                compliance_type: string | null;
                consent_source: string | null;
                consented_at: string | null;
                /** @description SMS channels: may the brand start a conversation (spec 4 outreach rule) */
                eligibility?: {
                  conversations_with_sent_outgoing: number;
                  eligible: boolean;
                  replied: boolean;
                };
                id: number;
                source: string | null;
                status: string;
                timezone: string | null;
                type: string;
                /** @description masked */
                username: string;
              }[];
              /** Format: date-time */
              created_at: string;
              external_id: string | null;
              family_name: string | null;
              given_name: string | null;
              group: string | null;
              id: number;
              source: string | null;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdContactsByContactId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        contactId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One shopper: channels with consent and outreach eligibility (addresses masked) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            contact: {
              brand_id: number;
              buyer_accepts_sms_marketing: boolean | null;
              channels: {
                blocked: boolean;
                compliance_type: string | null;
                consent_source: string | null;
                consented_at: string | null;
                /** @description SMS channels: may the brand start a conversation (spec 4 outreach rule) */
                eligibility?: {
                  conversations_with_sent_outgoing: number;
                  eligible: boolean;
                  replied: boolean;
                };
                id: number;
                source: string | null;
                status: string;
                timezone: string | null;
                type: string;
                /** @description masked */
                username: string;
              }[];
              /** Format: date-time */
              created_at: string;
              external_id: string | null;
              family_name: string | null;
              given_name: string | null;
              group: string | null;
              id: number;
              source: string | null;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdContactsByContactIdBlock: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        contactId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Block a shopper: what STOP does, without the confirmation text */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            channels: {
              /** @description false when it was blocked already */
              changed: boolean;
              channel_id: number;
              skipped_messages: number;
              /** @description masked */
              username: string;
            }[];
            contact_id: number;
            skipped_messages: number;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  putBrandsByBrandIdContactsByContactIdNote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        contactId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          note: string | null;
        };
      };
    };
    responses: {
      /** @description Set the agents' note on a shopper (empty or null removes it) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            contact_id: number;
            note: string | null;
            /** Format: date-time */
            updated_at: string;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdContactsByContactIdOrderHistory: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        contactId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What the shopper has bought: totals per currency and the 10 latest orders */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            contact: {
              family_name: string | null;
              given_name: string | null;
              id: number;
            };
            recent: {
              billing_status: string | null;
              /** @description the conversations that recovered it */
              conversation_ids: number[];
              /** Format: date-time */
              created_at: string;
              currency: string;
              discount_codes: string[];
              external_id: string;
              id: number;
              line_items: {
                price: string | null;
                quantity: number;
                sku: string | null;
                title: string;
                variant: string | null;
              }[];
              number: string | null;
              recovered_at: string | null;
              state: string;
              total: string;
              workflow_id: number | null;
            }[];
            totals: {
              cancelled: number;
              currency: string;
              first_order_at: string | null;
              last_order_at: string | null;
              orders: number;
              /** @description sum of the complete orders */
              spent: string;
            }[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdContactsByContactIdOrders: {
    parameters: {
      query?: {
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
      };
      header?: never;
      path: {
        brandId: number;
        contactId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The shopper's orders, newest first, with line items and the conversations that recovered them */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            contact: {
              family_name: string | null;
              given_name: string | null;
              id: number;
            };
            items: {
              billing_status: string | null;
              /** @description the conversations that recovered it */
              conversation_ids: number[];
              /** Format: date-time */
              created_at: string;
              currency: string;
              discount_codes: string[];
              external_id: string;
              id: number;
              line_items: {
                price: string | null;
                quantity: number;
                sku: string | null;
                title: string;
                variant: string | null;
              }[];
              number: string | null;
              recovered_at: string | null;
              state: string;
              total: string;
              workflow_id: number | null;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdConversations: {
    parameters: {
      query?: {
        /** @description any of these states, comma-separated: pending, abandoned, no_identity, complete, empty, recovered */
        checkout_state?: string;
        /** @description none of these states, comma-separated */
        exclude_checkout_state?: string;
        /** @description started at or after */
        from?: string;
        /** @description the shopper wrote back */
        has_response?: 'true' | 'false';
        /** @description true: hidden only; false: visible only; unset: both */
        is_hidden?: 'true' | 'false';
        /** @description about a backfilled checkout */
        is_historical?: 'true' | 'false';
        /** @description a reply newer than the last read */
        is_unread?: 'true' | 'false';
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
        /** @description digits search phone numbers partially; words search given and family names (two: first and last) */
        q?: string;
        /** @description started before */
        to?: string;
        workflow_id?: number;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's conversations, newest first (phone numbers masked) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              brand_id: number;
              channel: {
                engagement_status: string;
                id: number;
                status: string;
                username: string;
              } | null;
              /** @description the checkout's state, else the cart's */
              checkout_state: string | null;
              contact: {
                family_name: string | null;
                given_name: string | null;
                id: number;
              } | null;
              /** Format: date-time */
              created_at: string;
              has_response: boolean;
              id: number;
              is_hidden: boolean;
              /** @description about a backfilled checkout */
              is_historical: boolean;
              /** @description linked to an order counted as recovered */
              is_recovered: boolean;
              /** @description a reply newer than the last read */
              is_unread: boolean;
              last_message: {
                /** Format: date-time */
                at: string;
                body: string;
                direction: string;
                status: string;
              } | null;
              last_read_at: string | null;
              message_count: number;
              /** Format: date-time */
              updated_at: string;
              workflow: {
                id: number;
                name: string;
              } | null;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdConversationsByConversationId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        conversationId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One conversation: messages, feedback, quality reviews, files, discount codes, short links and clicks, its neighbours in the list */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            conversation: {
              brand_id: number;
              cart_id: number | null;
              channel: {
                engagement_status: string;
                id: number;
                status: string;
                username: string;
              } | null;
              channel_last_engaged_at: string | null;
              checkout_id: number | null;
              /** @description the checkout's state, else the cart's */
              checkout_state: string | null;
              /** @description the shopper's consent on the conversation's channel */
              consent: {
                consented_at: string | null;
                /** @description how the shopper consented (e.g. checkout, keyword) */
                source: string | null;
                /** @description subscribed, unsubscribed or blocked */
                status: string;
              } | null;
              contact: {
                family_name: string | null;
                given_name: string | null;
                id: number;
              } | null;
              /** Format: date-time */
              created_at: string;
              discount_codes: {
                code: string;
                ends_at: string | null;
                starts_at: string | null;
                status: string;
                usage_limit: number;
              }[];
              feedback: {
                comment: string | null;
                conversation_id: number;
                /** Format: date-time */
                created_at: string;
                id: number;
                /** @description the rated text */
                message_body: string;
                message_direction: string;
                message_id: number;
                /** @description 1 (poor) to 5 (great) */
                rating: number | null;
                /** Format: date-time */
                updated_at: string;
              }[];
              files: {
                conversation_id: number;
                /** Format: date-time */
                created_at: string;
                file_id: number;
                id: number;
                message_id: number | null;
                name: string | null;
                size: number | null;
                type: string | null;
                url: string;
              }[];
              has_response: boolean;
              id: number;
              is_hidden: boolean;
              /** @description about a backfilled checkout */
              is_historical: boolean;
              /** @description linked to an order counted as recovered */
              is_recovered: boolean;
              /** @description a reply newer than the last read */
              is_unread: boolean;
              last_message: {
                /** Format: date-time */
                at: string;
                body: string;
                direction: string;
                status: string;
              } | null;
              last_read_at: string | null;
              message_count: number;
              messages: {
                body: string;
                /** Format: date-time */
                created_at: string;
                direction: string;
                encoding: string | null;
                id: number;
                is_marketing: boolean;
                provider: string | null;
                scheduled_for: string | null;
                segments: number | null;
                sent_at: string | null;
                skip_reason: string | null;
                status: string;
                status_reason: string | null;
                /** @description the brand user who wrote it (agent replies) */
                user_id: number | null;
              }[];
              /** @description the next older conversation of the brand */
              next_id: number | null;
              order_id: number | null;
              /** @description the next newer conversation of the brand */
              previous_id: number | null;
              quality: {
                conversation_id: number;
                /** Format: date-time */
                created_at: string;
                id: number;
                note: string | null;
                rating: number | null;
                /** @description the brand user who reviewed it */
                user_id: number | null;
              }[];
              /** @description whether an agent may reply in this conversation */
              reply: {
                allowed: boolean;
                code: ('channel_missing' | 'channel_unsubscribed' | 'channel_blocked' | 'non_us_number') | null;
                /** @description why a reply cannot be sent: the message the reply route answers with */
                reason: string | null;
              };
              short_links: {
                click_count: number;
                clicks: {
                  /** Format: date-time */
                  clicked_at: string;
                  user_agent: string | null;
                }[];
                code: string;
                /** Format: date-time */
                created_at: string;
                target_url: string;
                url: string;
              }[];
              /** Format: date-time */
              updated_at: string;
              workflow: {
                id: number;
                name: string;
              } | null;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdConversationsByConversationIdEscalations: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        conversationId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          question: string;
        };
      };
    };
    responses: {
      /** @description Escalate a question of the conversation's shopper to a person */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            escalation: {
              conversation_id: number | null;
              /** Format: date-time */
              created_at: string;
              id: number;
              is_added_kb: boolean;
              processed_question: string | null;
              processed_response: string | null;
              question: string | null;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdConversationsByConversationIdFiles: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        conversationId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          message_id?: number;
          name?: string;
          /** @description bytes */
          size?: number;
          /** @description media type, e.g. image/jpeg */
          type?: string;
          url: string;
        };
      };
    };
    responses: {
      /** @description Attach a stored file (by its http(s) URL) to the conversation, or to one of its messages */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            file: {
              conversation_id: number;
              /** Format: date-time */
              created_at: string;
              file_id: number;
              id: number;
              message_id: number | null;
              name: string | null;
              size: number | null;
              type: string | null;
              url: string;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdConversationsByConversationIdHide: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        conversationId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Hide the conversation from the default inbox view */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            conversation: {
              id: number;
              is_hidden: boolean;
              last_read_at: string | null;
              last_read_user_id: number | null;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  putBrandsByBrandIdConversationsByConversationIdMessagesByMessageIdFeedback: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        conversationId: number;
        messageId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          comment?: string | null;
          /** @description 1 (poor) to 5 (great); null clears it */
          rating?: number | null;
        };
      };
    };
    responses: {
      /** @description Rate a message of the conversation (one feedback per message: saving again updates it) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            feedback: {
              comment: string | null;
              conversation_id: number;
              /** Format: date-time */
              created_at: string;
              id: number;
              /** @description the rated text */
              message_body: string;
              message_direction: string;
              message_id: number;
              /** @description 1 (poor) to 5 (great) */
              rating: number | null;
              /** Format: date-time */
              updated_at: string;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdConversationsByConversationIdQuality: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        conversationId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          note?: string;
          rating?: number;
        };
      };
    };
    responses: {
      /** @description Review the conversation (the signed-in user is the reviewer) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            quality: {
              conversation_id: number;
              /** Format: date-time */
              created_at: string;
              id: number;
              note: string | null;
              rating: number | null;
              /** @description the brand user who reviewed it */
              user_id: number | null;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdConversationsByConversationIdRead: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        conversationId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Mark the conversation read by the signed-in user */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            conversation: {
              id: number;
              is_hidden: boolean;
              last_read_at: string | null;
              last_read_user_id: number | null;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdConversationsByConversationIdReply: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        conversationId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the text (trimmed; 1 to 1,530 characters) */
          body: string;
        };
      };
    };
    responses: {
      /** @description Send an agent's text into the conversation (the signed-in user is its author) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description the shopper wrote within the last 24 hours */
            conversational: boolean;
            message: {
              body: string;
              /** Format: date-time */
              created_at: string;
              direction: string;
              encoding: string | null;
              id: number;
              is_marketing: boolean;
              provider: string | null;
              scheduled_for: string | null;
              segments: number | null;
              sent_at: string | null;
              skip_reason: string | null;
              status: string;
              status_reason: string | null;
              /** @description the brand user who wrote it (agent replies) */
              user_id: number | null;
            };
            /** @enum {string} */
            outcome: 'sent' | 'held' | 'skipped' | 'failed';
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdConversationsByConversationIdUnhide: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        conversationId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Show a hidden conversation again */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            conversation: {
              id: number;
              is_hidden: boolean;
              last_read_at: string | null;
              last_read_user_id: number | null;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdEscalations: {
    parameters: {
      query?: {
        conversation_id?: number;
        /** @description went into the knowledge base, or not */
        is_added_kb?: 'true' | 'false';
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's escalated questions, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              conversation_id: number | null;
              /** Format: date-time */
              created_at: string;
              id: number;
              is_added_kb: boolean;
              processed_question: string | null;
              processed_response: string | null;
              question: string | null;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdEscalationsByEscalationId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        escalationId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One escalated question */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            escalation: {
              conversation_id: number | null;
              /** Format: date-time */
              created_at: string;
              id: number;
              is_added_kb: boolean;
              processed_question: string | null;
              processed_response: string | null;
              question: string | null;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  patchBrandsByBrandIdEscalationsByEscalationId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        escalationId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          is_added_kb?: boolean;
          processed_question?: string | null;
          processed_response?: string | null;
        };
      };
    };
    responses: {
      /** @description Answer an escalated question; say whether the answer went into the knowledge base */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            escalation: {
              conversation_id: number | null;
              /** Format: date-time */
              created_at: string;
              id: number;
              is_added_kb: boolean;
              processed_question: string | null;
              processed_response: string | null;
              question: string | null;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdEscalationsByEscalationIdAnswer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        escalationId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          response: string;
        };
      };
    };
    responses: {
      /** @description Answer an escalated question: texted to the shopper, recorded as its processed response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            escalation: {
              brand_id: number;
              conversation_id: number | null;
              /** Format: date-time */
              created_at: string;
              id: number;
              is_added_kb: boolean;
              processed_question: string | null;
              processed_response: string | null;
              question: string | null;
            };
            message_id: number;
            /** @description sent, held, skipped or failed */
            outcome: string;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdEscalationsByEscalationIdKbCard: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        escalationId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          status?: 'published' | 'unpublished' | 'draft';
        };
      };
    };
    responses: {
      /** @description Make an answered escalation a KB card (its question as the title, its answer as the text) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            card: {
              /** @description who wrote it */
              author: {
                id: number;
                name: string;
              } | null;
              author_id: number | null;
              /** @description the insight a card from an insight was made from */
              brand_insight_id: number | null;
              content: string | null;
              /** Format: date-time */
              created_at: string;
              /** @description the escalated question a card was made from */
              escalation_id: number | null;
              /** @description the workflow a card from a flow is for */
              flow_id: number | null;
              id: number;
              /** @enum {string} */
              source: 'manual' | 'flow' | 'escalation' | 'import' | 'insight';
              /** @enum {string} */
              status: 'published' | 'unpublished' | 'draft';
              title: string | null;
              /** Format: date-time */
              updated_at: string;
              /** @description orders cards the search ranks alike, highest first */
              weight: number;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdFeedback: {
    parameters: {
      query?: {
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
        /** @description text in the comment or in the rated message */
        q?: string;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's feedback on messages, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              comment: string | null;
              conversation_id: number;
              /** Format: date-time */
              created_at: string;
              id: number;
              /** @description the rated text */
              message_body: string;
              message_direction: string;
              message_id: number;
              /** @description 1 (poor) to 5 (great) */
              rating: number | null;
              /** Format: date-time */
              updated_at: string;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdFlowOptions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What the scheduled-flow and keyword-flow forms offer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            can_start: boolean;
            /** @description with KEYWORD where the keyword goes */
            default_greeting: string;
            reason: string | null;
            segments: {
              id: number;
              name: string;
            }[];
            texting_number: string | null;
            timezone: string;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdInsights: {
    parameters: {
      query?: {
        /** @description only insights of this category */
        category?: string;
        /** @description first day (default: 29 days before `to`), a local day YYYY-MM-DD (inclusive) */
        from?: string;
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
        /** @description only insights of this tag */
        tag?: string;
        /** @description last day (default: today in the time zone), a local day YYYY-MM-DD (inclusive) */
        to?: string;
        /** @description IANA time zone (default: the brand's, America/Los_Angeles) */
        tz?: string;
        /** @description only this workflow's conversations */
        workflow_id?: number;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's insights with the conversations behind each, most conversations first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              /** @description what shoppers said, summarised */
              body: string | null;
              /** @description product, blocker or post_purchase */
              category: string;
              /** @description conversations of the period it came from */
              conversations: number;
              /** Format: date-time */
              created_at: string;
              id: number;
              /** @description shopper messages of those conversations behind it */
              messages: number;
              proposed_solution: string | null;
              /** @description e.g. shipping, returns, price, sizing */
              tag: string | null;
              topic: string | null;
            }[];
            limit: number;
            offset: number;
            period: {
              days: number;
              /**
               * Format: date-time
               * @description first instant of the period
               */
              from: string;
              /** @description first local day, YYYY-MM-DD */
              from_day: string;
              /** @enum {string} */
              granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
              timezone: string;
              /**
               * Format: date-time
               * @description first instant after the period
               */
              to: string;
              /** @description last local day, inclusive */
              to_day: string;
            };
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdInsightsByBrandInsightIdKbCard: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        brandInsightId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          status?: 'published' | 'unpublished' | 'draft';
        };
      };
    };
    responses: {
      /** @description Make an insight a KB card (a draft unless said otherwise; the same card when it already is one) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            card: {
              /** @description who wrote it */
              author: {
                id: number;
                name: string;
              } | null;
              author_id: number | null;
              /** @description the insight a card from an insight was made from */
              brand_insight_id: number | null;
              content: string | null;
              /** Format: date-time */
              created_at: string;
              /** @description the escalated question a card was made from */
              escalation_id: number | null;
              /** @description the workflow a card from a flow is for */
              flow_id: number | null;
              id: number;
              /** @enum {string} */
              source: 'manual' | 'flow' | 'escalation' | 'import' | 'insight';
              /** @enum {string} */
              status: 'published' | 'unpublished' | 'draft';
              title: string | null;
              /** Format: date-time */
              updated_at: string;
              /** @description orders cards the search ranks alike, highest first */
              weight: number;
            };
            created: boolean;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdInsightsMessages: {
    parameters: {
      query?: {
        brand_insight_id?: number;
        category?: 'product' | 'blocker' | 'post_purchase';
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
        /** @description e.g. shipping, returns, price, sizing */
        tag?: string;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The shopper messages behind the brand's insights, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              brand_insight_id: number | null;
              category: string | null;
              conversation_id: number;
              conversation_summary: string | null;
              /** Format: date-time */
              created_at: string;
              id: number;
              message_at: string | null;
              /** @description the shopper's words */
              message_body: string | null;
              message_id: number | null;
              sentiment: string | null;
              tag: string | null;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdIntegrationsKlaviyo: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's Klaviyo link: how it is connected, the account, and the last check's outcome */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description the Klaviyo account's organization name */
            account: string | null;
            auth_mode: ('oauth' | 'api_key') | null;
            health: {
              checked_at: string | null;
              /** @description 'ok', or the last error's message */
              status: string;
            } | null;
            /** @description whether this server has a Klaviyo app (KLAVIYO_CLIENT_ID and SECRET) */
            oauth_configured: boolean;
            /** @enum {string} */
            status: 'not_connected' | 'pending_setup' | 'connected' | 'disconnected';
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  putBrandsByBrandIdIntegrationsKlaviyoApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          api_key: string;
        };
      };
    };
    responses: {
      /** @description Connects Klaviyo with a private API key, checked with an account lookup before it is kept */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description the Klaviyo account's organization name */
            account: string | null;
            auth_mode: ('oauth' | 'api_key') | null;
            health: {
              checked_at: string | null;
              /** @description 'ok', or the last error's message */
              status: string;
            } | null;
            /** @description whether this server has a Klaviyo app (KLAVIYO_CLIENT_ID and SECRET) */
            oauth_configured: boolean;
            /** @enum {string} */
            status: 'not_connected' | 'pending_setup' | 'connected' | 'disconnected';
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdIntegrationsKlaviyoCheck: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Checks the Klaviyo link with an account lookup; the outcome is kept as its health */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description the Klaviyo account's organization name */
            account: string | null;
            auth_mode: ('oauth' | 'api_key') | null;
            health: {
              checked_at: string | null;
              /** @description 'ok', or the last error's message */
              status: string;
            } | null;
            /** @description whether this server has a Klaviyo app (KLAVIYO_CLIENT_ID and SECRET) */
            oauth_configured: boolean;
            /** @enum {string} */
            status: 'not_connected' | 'pending_setup' | 'connected' | 'disconnected';
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdIntegrationsKlaviyoConnect: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Klaviyo's authorize link (OAuth with PKCE) for this brand */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description the provider's consent page, to open in the browser */
            authorize_url: string;
            redirect_uri: string;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdIntegrationsSlack: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's Slack link: workspace, channel, and the last check's outcome */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            channel: {
              id: string;
              name: string | null;
            } | null;
            /** @description whether this server has a Slack app (SLACK_CLIENT_ID and SECRET) */
            configured: boolean;
            health: {
              checked_at: string | null;
              /** @description 'ok', or the last error's message */
              status: string;
            } | null;
            installed_at: string | null;
            /** @description the scopes the Slack app asks for */
            scopes: string[];
            /** @enum {string} */
            status: 'not_connected' | 'pending_setup' | 'connected' | 'disconnected';
            team: string | null;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  putBrandsByBrandIdIntegrationsSlackChannel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          channel: string;
        };
      };
    };
    responses: {
      /** @description Chooses the channel notifications go to (an id or a #name among the listed channels) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            channel: {
              id: string;
              name: string | null;
            } | null;
            /** @description whether this server has a Slack app (SLACK_CLIENT_ID and SECRET) */
            configured: boolean;
            health: {
              checked_at: string | null;
              /** @description 'ok', or the last error's message */
              status: string;
            } | null;
            installed_at: string | null;
            /** @description the scopes the Slack app asks for */
            scopes: string[];
            /** @enum {string} */
            status: 'not_connected' | 'pending_setup' | 'connected' | 'disconnected';
            team: string | null;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdIntegrationsSlackChannels: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The workspace's public channels (archived ones left out) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              id: string;
              name: string;
            }[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdIntegrationsSlackConnect: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Slack's authorize link (OAuth v2) for this brand; Slack sends the admin back to the callback */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description the provider's consent page, to open in the browser */
            authorize_url: string;
            redirect_uri: string;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdIntegrationsSlackTest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Checks the token (auth.test) and sends one test message to the channel */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            channel: string | null;
            sent: boolean;
            slack: {
              channel: {
                id: string;
                name: string | null;
              } | null;
              /** @description whether this server has a Slack app (SLACK_CLIENT_ID and SECRET) */
              configured: boolean;
              health: {
                checked_at: string | null;
                /** @description 'ok', or the last error's message */
                status: string;
              } | null;
              installed_at: string | null;
              /** @description the scopes the Slack app asks for */
              scopes: string[];
              /** @enum {string} */
              status: 'not_connected' | 'pending_setup' | 'connected' | 'disconnected';
              team: string | null;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdKbCards: {
    parameters: {
      query?: {
        flow_id?: number;
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
        source?: 'manual' | 'flow' | 'escalation' | 'import' | 'insight';
        status?: 'published' | 'unpublished' | 'draft';
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's KB cards (every status unless one is asked for), highest weight first, then newest */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              /** @description who wrote it */
              author: {
                id: number;
                name: string;
              } | null;
              author_id: number | null;
              /** @description the insight a card from an insight was made from */
              brand_insight_id: number | null;
              content: string | null;
              /** Format: date-time */
              created_at: string;
              /** @description the escalated question a card was made from */
              escalation_id: number | null;
              /** @description the workflow a card from a flow is for */
              flow_id: number | null;
              id: number;
              /** @enum {string} */
              source: 'manual' | 'flow' | 'escalation' | 'import' | 'insight';
              /** @enum {string} */
              status: 'published' | 'unpublished' | 'draft';
              title: string | null;
              /** Format: date-time */
              updated_at: string;
              /** @description orders cards the search ranks alike, highest first */
              weight: number;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdKbCards: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          content: string;
          /** @description required when source is 'flow' */
          flow_id?: number | null;
          /** @enum {string} */
          source?: 'manual' | 'flow' | 'escalation' | 'import' | 'insight';
          /** @enum {string} */
          status?: 'published' | 'unpublished' | 'draft';
          title: string;
          weight?: number;
        };
      };
    };
    responses: {
      /** @description Add a KB card (a draft from the signed-in user unless said otherwise) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            card: {
              /** @description who wrote it */
              author: {
                id: number;
                name: string;
              } | null;
              author_id: number | null;
              /** @description the insight a card from an insight was made from */
              brand_insight_id: number | null;
              content: string | null;
              /** Format: date-time */
              created_at: string;
              /** @description the escalated question a card was made from */
              escalation_id: number | null;
              /** @description the workflow a card from a flow is for */
              flow_id: number | null;
              id: number;
              /** @enum {string} */
              source: 'manual' | 'flow' | 'escalation' | 'import' | 'insight';
              /** @enum {string} */
              status: 'published' | 'unpublished' | 'draft';
              title: string | null;
              /** Format: date-time */
              updated_at: string;
              /** @description orders cards the search ranks alike, highest first */
              weight: number;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdKbCardsByCardId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        cardId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One KB card */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            card: {
              /** @description who wrote it */
              author: {
                id: number;
                name: string;
              } | null;
              author_id: number | null;
              /** @description the insight a card from an insight was made from */
              brand_insight_id: number | null;
              content: string | null;
              /** Format: date-time */
              created_at: string;
              /** @description the escalated question a card was made from */
              escalation_id: number | null;
              /** @description the workflow a card from a flow is for */
              flow_id: number | null;
              id: number;
              /** @enum {string} */
              source: 'manual' | 'flow' | 'escalation' | 'import' | 'insight';
              /** @enum {string} */
              status: 'published' | 'unpublished' | 'draft';
              title: string | null;
              /** Format: date-time */
              updated_at: string;
              /** @description orders cards the search ranks alike, highest first */
              weight: number;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteBrandsByBrandIdKbCardsByCardId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        cardId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a KB card */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            deleted: true;
            id: number;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  patchBrandsByBrandIdKbCardsByCardId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        cardId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          content?: string;
          flow_id?: number | null;
          /** @enum {string} */
          source?: 'manual' | 'flow' | 'escalation' | 'import' | 'insight';
          /** @enum {string} */
          status?: 'published' | 'unpublished' | 'draft';
          title?: string;
          weight?: number;
        };
      };
    };
    responses: {
      /** @description Change the given fields of a KB card (flow_id null unlinks it from its workflow) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            card: {
              /** @description who wrote it */
              author: {
                id: number;
                name: string;
              } | null;
              author_id: number | null;
              /** @description the insight a card from an insight was made from */
              brand_insight_id: number | null;
              content: string | null;
              /** Format: date-time */
              created_at: string;
              /** @description the escalated question a card was made from */
              escalation_id: number | null;
              /** @description the workflow a card from a flow is for */
              flow_id: number | null;
              id: number;
              /** @enum {string} */
              source: 'manual' | 'flow' | 'escalation' | 'import' | 'insight';
              /** @enum {string} */
              status: 'published' | 'unpublished' | 'draft';
              title: string | null;
              /** Format: date-time */
              updated_at: string;
              /** @description orders cards the search ranks alike, highest first */
              weight: number;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdKbSearch: {
    parameters: {
      query: {
        /** @description cards at most */
        limit?: number;
        q: string;
        status?: 'published' | 'unpublished' | 'draft';
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Search the brand's KB cards, best first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description words of 2 characters or fewer */
            ignored: string[];
            items: {
              /** @description who wrote it */
              author: {
                id: number;
                name: string;
              } | null;
              author_id: number | null;
              /** @description the insight a card from an insight was made from */
              brand_insight_id: number | null;
              content: string | null;
              /** Format: date-time */
              created_at: string;
              /** @description the escalated question a card was made from */
              escalation_id: number | null;
              /** @description the workflow a card from a flow is for */
              flow_id: number | null;
              id: number;
              rank: number;
              /** @enum {string} */
              source: 'manual' | 'flow' | 'escalation' | 'import' | 'insight';
              /** @enum {string} */
              status: 'published' | 'unpublished' | 'draft';
              title: string | null;
              /** Format: date-time */
              updated_at: string;
              /** @description orders cards the search ranks alike, highest first */
              weight: number;
            }[];
            /** @enum {string} */
            mode: 'full_text' | 'fallback' | 'none';
            total: number;
            /** @description the words searched for */
            words: string[];
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdKeywordFlows: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          greeting?: string;
          keyword: string;
          link_url?: string;
          /** @description the first marketing text, after Y */
          message: string;
          name?: string;
        };
      };
    };
    responses: {
      /** @description Start a tap-to-text flow (admins): a keyword shoppers text, answered by a greeting asking for Y */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            flow: {
              greeting: string;
              id: number;
              keyword: string;
              message: string;
              name: string;
              state: string;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdKeywordFlowsByKeywordFlowIdLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        keywordFlowId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A keyword flow's sms: link and its QR code */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: date-time */
            generated_at: string;
            keyword: string;
            /** @description sms: link with the keyword as the body */
            link: string | null;
            /** @description the brand's texting number; null until it has one */
            number: string | null;
            problem: string | null;
            /** @description the QR code as a PNG data URL (1024 px), to download */
            qr_png: string | null;
            /** @description the QR code of the link, as an SVG document */
            qr_svg: string | null;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdOrdersByOrderIdAttribution: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        orderId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Why the brand is billed (or not) for an order: the rule, the window and each piece of evidence */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            billed: boolean;
            decision: {
              attribution_type: string;
              billing_note: string | null;
              conversation_id: number | null;
              /** Format: date-time */
              decided_at: string;
              hard_cap_days: number | null;
              items: {
                /** Format: date-time */
                at: string;
                code?: string;
                conversation_id: number;
                counted: boolean;
                hours_before: number;
                id: number;
                kind: string;
                reason: string;
                /**
                 * @description why the evidence counts or not, as a machine value
                 * @enum {string}
                 */
                reason_code:
                  | 'inside_window'
                  | 'outside_window'
                  | 'after_order'
                  | 'kind_off'
                  | 'not_under_code_only'
                  | 'no_workflow'
                  | 'keyword_reply'
                  | 'not_delivered'
                  | 'team_reply'
                  | 'service_message'
                  | 'other';
                window_hours: number;
                workflow_id: number | null;
              }[];
              recovered: boolean;
              rule: string;
              warnings: string[];
              window_hours: number | null;
              windows: {
                [key: string]: number;
              };
              workflow_id: number | null;
            } | null;
            live_feed_recovered: boolean;
            order: {
              billing_status: string | null;
              brand_id: number;
              /** Format: date-time */
              created_at: string;
              currency: string;
              discount_codes: string[];
              id: number;
              number: string | null;
              recovered_at: string | null;
              state: string;
              total: string;
              workflow_id: number | null;
            };
            summary: string;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdOrdersByOrderIdExplain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        orderId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Why the shopper of an order was or was not texted, per workflow */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            subject: {
              brand_id: number;
              contact_id: number | null;
              id: number;
              /** @enum {string} */
              kind: 'cart' | 'order';
              /** @description masked */
              phone: string | null;
            };
            workflows: {
              candidate: {
                id: number;
                kind: string;
              } | null;
              decided_by: string;
              now: {
                checks: {
                  check: string;
                  detail: string;
                  /** @description the detail's facts as machine values */
                  facts?: {
                    at?: string;
                    code?: string;
                    count?: number;
                    days?: number;
                    group?: string;
                  };
                  passed: boolean;
                }[];
                outcome: string | null;
                reason: string | null;
                runnable: boolean;
                runnable_problem: string | null;
                state: string | null;
                window: {
                  description: string;
                  /** Format: date-time */
                  from: string;
                  inside: boolean;
                  /** Format: date-time */
                  to: string;
                } | null;
              } | null;
              /** @description what decided, as machine values (the summary without its prose) */
              reason: {
                at: string | null;
                /** @enum {string} */
                code:
                  | 'recorded'
                  | 'not_applicable'
                  | 'not_running'
                  | 'state'
                  | 'not_yet_candidate'
                  | 'outside_window'
                  | 'next_run'
                  | 'other_workflow_first';
                conversation_id: number | null;
                other_workflow: {
                  id: number;
                  name: string;
                } | null;
                outcome: string | null;
                state: string | null;
                wanted_state: string | null;
                why: string | null;
              };
              recorded: {
                /** Format: date-time */
                at: string;
                conversation_id: number | null;
                detail: string | null;
                outcome: string;
                reason: string | null;
              } | null;
              summary: string;
              texted: boolean;
              workflow: {
                delay_minutes: number;
                id: number;
                is_paused: boolean;
                name: string;
                status: string;
                type: string;
              };
            }[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdPermissions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A brand's permissions: features (beta:) and access, each with its enabled flag */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access: {
              action: string;
              attribute: string;
              enabled: boolean;
              permission: string;
            }[];
            brand_id: number;
            features: {
              action: string;
              attribute: string;
              enabled: boolean;
              permission: string;
            }[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdPlans: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The plans this brand may choose, the gateway a choice goes through, and what waits to be charged */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @description Shopify app billing with a connected Shopify store, else Stripe
             * @enum {string}
             */
            gateway: 'stripe' | 'shopify';
            items: {
              /** @description a plan made for this brand */
              custom: boolean;
              description: string | null;
              features: string[];
              frequency: string;
              id: number;
              name: string;
              /** @description per month, USD */
              price: string;
              /** @description share of each recovered sale charged, in percent */
              usage_charge_percentage: number;
            }[];
            /** @description recovered orders with no usage charge yet: charged at the plan's share once a plan runs */
            uncharged: {
              orders: number;
              sales: string;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdRole: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The caller's role in the brand and what it may do */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            actions: {
              action: string;
              allowed: boolean;
              reason: string | null;
            }[];
            /** @enum {string} */
            role: 'admin' | 'member';
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdScheduledFlows: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description e.g. "0 10 * * 1": Mondays at 10:00 in the brand’s time zone */
          cron: string;
          link_url?: string;
          message: string;
          name?: string;
          segment_id: number;
          smart_sending?: boolean;
        };
      };
    };
    responses: {
      /** @description Start a scheduled flow (admins): a text to a segment on a crontab pattern, active at once */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            flow: {
              /** @description crontab pattern, read in the time zone */
              cron: string;
              id: number;
              message: string;
              name: string;
              runs: {
                failed: number;
                held: number;
                run_id: number;
                scheduled_for: string | null;
                sent: number;
                skipped: {
                  [key: string]: number;
                };
                state: string;
                targeted: number;
              }[];
              segment: {
                id: number;
                name: string;
              } | null;
              state: string;
              timezone: string;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdScheduledFlowsByScheduledFlowId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        scheduledFlowId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A scheduled flow: its pattern, segment, message and runs */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            flow: {
              /** @description crontab pattern, read in the time zone */
              cron: string;
              id: number;
              message: string;
              name: string;
              runs: {
                failed: number;
                held: number;
                run_id: number;
                scheduled_for: string | null;
                sent: number;
                skipped: {
                  [key: string]: number;
                };
                state: string;
                targeted: number;
              }[];
              segment: {
                id: number;
                name: string;
              } | null;
              state: string;
              timezone: string;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdSegmentBuilder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What the segment builder offers: fields, operators, value inputs, states, reasons, limits */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            exclusions: {
              label: string;
              reason: string;
            }[];
            fields: {
              choices: string[];
              field: string;
              input: string;
              label: string;
              operators: string[];
            }[];
            limits: {
              conditions: number;
              depth: number;
              group_rules: number;
            };
            permissions: {
              /** @description the actions only an admin may take */
              admin_only: string[];
              /** @description why those controls are not available to this user (null: an admin) */
              reason: string | null;
              /** @enum {string} */
              role: 'admin' | 'member';
            };
            recently_texted_hours: number;
            states: string[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdSegments: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's segments, each with its count now and the campaigns and flows that use it */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              brand_id: number;
              count: {
                /** @description the others, by reason */
                excluded: {
                  [key: string]: number;
                };
                /** @description contacts the tree matches now */
                matching: number;
                /** @description of them, those a campaign sent now would text */
                reachable: number;
                sample: {
                  contact_id: number;
                  given_name: string | null;
                  /** @description masked */
                  phone: string;
                }[];
                segment_id: number | null;
              };
              /** Format: date-time */
              created_at: string;
              /** @description the condition tree (AND / OR groups of conditions) */
              filter: unknown;
              id: number;
              name: string;
              used_by: {
                /** @description keeps the segment from being deleted */
                blocking: boolean;
                name: string;
                type: string;
                what: string;
                workflow_id: number;
              }[];
            }[];
            total: number;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdSegments: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description {"condition":"AND"|"OR","rules":[conditions or groups]} */
          filter: unknown;
          name: string;
        };
      };
    };
    responses: {
      /** @description Save a segment: a name and a condition tree (validated and compiled) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            segment: {
              brand_id: number;
              /** Format: date-time */
              created_at: string;
              /** @description the condition tree (AND / OR groups of conditions) */
              filter: unknown;
              id: number;
              name: string;
              used_by: {
                /** @description keeps the segment from being deleted */
                blocking: boolean;
                name: string;
                type: string;
                what: string;
                workflow_id: number;
              }[];
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdSegmentsBySegmentId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        segmentId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One segment with its tree and the campaigns and flows that use it */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            segment: {
              brand_id: number;
              /** Format: date-time */
              created_at: string;
              /** @description the condition tree (AND / OR groups of conditions) */
              filter: unknown;
              id: number;
              name: string;
              used_by: {
                /** @description keeps the segment from being deleted */
                blocking: boolean;
                name: string;
                type: string;
                what: string;
                workflow_id: number;
              }[];
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteBrandsByBrandIdSegmentsBySegmentId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        segmentId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a segment (admins); refused while a campaign or flow that is not finished uses it */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            deleted: {
              id: number;
              name: string;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  patchBrandsByBrandIdSegmentsBySegmentId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        segmentId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description {"condition":"AND"|"OR","rules":[conditions or groups]} */
          filter?: unknown;
          name?: string;
        };
      };
    };
    responses: {
      /** @description Rename a segment or change its tree (only what is given) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            segment: {
              brand_id: number;
              /** Format: date-time */
              created_at: string;
              /** @description the condition tree (AND / OR groups of conditions) */
              filter: unknown;
              id: number;
              name: string;
              used_by: {
                /** @description keeps the segment from being deleted */
                blocking: boolean;
                name: string;
                type: string;
                what: string;
                workflow_id: number;
              }[];
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdSegmentsPreview: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description {"condition":"AND"|"OR","rules":[conditions or groups]} */
          filter?: unknown;
          segment_id?: number;
          smart_sending?: boolean;
        };
      };
    };
    responses: {
      /** @description The live count of a tree (not saved) or a saved segment: who matches, who can be texted, who is left out and why */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description the others, by reason */
            excluded: {
              [key: string]: number;
            };
            /** @description contacts the tree matches now */
            matching: number;
            /** @description of them, those a campaign sent now would text */
            reachable: number;
            sample: {
              contact_id: number;
              given_name: string | null;
              /** @description masked */
              phone: string;
            }[];
            segment_id: number | null;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdStatsBrand: {
    parameters: {
      query?: {
        /** @description add the metrics per hour, day, week, month or year */
        chart?: 'true' | 'false';
        /** @description first day (default: 29 days before `to`), a local day YYYY-MM-DD (inclusive) */
        from?: string;
        /** @description chart buckets (default: by the range length) */
        granularity?: 'hour' | 'day' | 'week' | 'month' | 'year';
        /** @description last day (default: today in the time zone), a local day YYYY-MM-DD (inclusive) */
        to?: string;
        /** @description IANA time zone (default: the brand's, America/Los_Angeles) */
        tz?: string;
        /** @description only this workflow's conversations and orders */
        workflow_id?: number;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every metric of the period against the previous period, with the change */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand: {
              id: number;
              name: string;
            };
            current: {
              days: number;
              /**
               * Format: date-time
               * @description first instant of the period
               */
              from: string;
              /** @description first local day, YYYY-MM-DD */
              from_day: string;
              /** @enum {string} */
              granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
              timezone: string;
              /**
               * Format: date-time
               * @description first instant after the period
               */
              to: string;
              /** @description last local day, inclusive */
              to_day: string;
            };
            metrics: {
              /** @description relative for counts and money (null when the previous value is 0), a difference in points for rates */
              change: number | null;
              current: number | string | null;
              /** @description one sentence: the panel's tooltip */
              definition: string;
              id: string;
              label: string;
              lower_is_better: boolean;
              previous: number | string | null;
              /** @description a rate's denominator in words ("texts sent"); null for other units */
              rate_of: string | null;
              /** @enum {string} */
              unit: 'count' | 'money' | 'rate';
            }[];
            previous: {
              days: number;
              /**
               * Format: date-time
               * @description first instant of the period
               */
              from: string;
              /** @description first local day, YYYY-MM-DD */
              from_day: string;
              /** @enum {string} */
              granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
              timezone: string;
              /**
               * Format: date-time
               * @description first instant after the period
               */
              to: string;
              /** @description last local day, inclusive */
              to_day: string;
            };
            /** @description with chart=true: the metrics per bucket */
            series?: {
              key: string;
              label: string;
              /** Format: date-time */
              start: string;
              /** @description every metric of the bucket, by id */
              values: {
                [key: string]: number | string | null;
              };
            }[];
            timezone: string;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdStatsConversations: {
    parameters: {
      query?: {
        /** @description add the counts per bucket */
        chart?: 'true' | 'false';
        /** @description first day (default: 29 days before `to`), a local day YYYY-MM-DD (inclusive) */
        from?: string;
        /** @description chart buckets (default: by the range length) */
        granularity?: 'hour' | 'day' | 'week' | 'month' | 'year';
        /** @description hidden conversations (true), visible ones (false) or both (all) */
        is_hidden?: 'true' | 'false' | 'all';
        is_historical?: 'true' | 'false';
        /** @description last day (default: today in the time zone), a local day YYYY-MM-DD (inclusive) */
        to?: string;
        /** @description IANA time zone (default: the brand's, America/Los_Angeles) */
        tz?: string;
        /** @description only this workflow's conversations and orders */
        workflow_id?: number;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Conversations started, texted and replied (visible ones by default) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand: {
              id: number;
              name: string;
            };
            current: {
              days: number;
              /**
               * Format: date-time
               * @description first instant of the period
               */
              from: string;
              /** @description first local day, YYYY-MM-DD */
              from_day: string;
              /** @enum {string} */
              granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
              timezone: string;
              /**
               * Format: date-time
               * @description first instant after the period
               */
              to: string;
              /** @description last local day, inclusive */
              to_day: string;
            };
            filters: {
              is_hidden: boolean | null;
              is_historical: boolean | null;
              workflow_id: number | null;
            };
            previous: {
              days: number;
              /**
               * Format: date-time
               * @description first instant of the period
               */
              from: string;
              /** @description first local day, YYYY-MM-DD */
              from_day: string;
              /** @enum {string} */
              granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
              timezone: string;
              /**
               * Format: date-time
               * @description first instant after the period
               */
              to: string;
              /** @description last local day, inclusive */
              to_day: string;
            };
            series?: {
              count: number;
              key: string;
              label: string;
              reply_count: number;
              sent_count: number;
              /** Format: date-time */
              start: string;
            }[];
            stats: {
              /** @description relative for counts and money (null when the previous value is 0), a difference in points for rates */
              change: number | null;
              current: number | null;
              definition: string;
              /** @enum {string} */
              id: 'count' | 'sent_count' | 'reply_count' | 'reply_rate';
              label: string;
              previous: number | null;
            }[];
            timezone: string;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdStatsDaily: {
    parameters: {
      query?: {
        /** @description first day (default: 29 days before `to`), a local day YYYY-MM-DD (inclusive) */
        from?: string;
        /** @description chart buckets (default: by the range length) */
        granularity?: 'hour' | 'day' | 'week' | 'month' | 'year';
        /** @description last day (default: today in the time zone), a local day YYYY-MM-DD (inclusive) */
        to?: string;
        /** @description IANA time zone (default: the brand's, America/Los_Angeles) */
        tz?: string;
        /** @description only this workflow's conversations and orders */
        workflow_id?: number;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every metric per hour, day, week, month or year of the period */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand: {
              id: number;
              name: string;
            };
            /** @enum {string} */
            granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
            period: {
              days: number;
              /**
               * Format: date-time
               * @description first instant of the period
               */
              from: string;
              /** @description first local day, YYYY-MM-DD */
              from_day: string;
              /** @enum {string} */
              granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
              timezone: string;
              /**
               * Format: date-time
               * @description first instant after the period
               */
              to: string;
              /** @description last local day, inclusive */
              to_day: string;
            };
            points: {
              key: string;
              label: string;
              /** Format: date-time */
              start: string;
              /** @description every metric of the bucket, by id */
              values: {
                [key: string]: number | string | null;
              };
            }[];
            timezone: string;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdStatsFunnel: {
    parameters: {
      query?: {
        /** @description first day (default: 29 days before `to`), a local day YYYY-MM-DD (inclusive) */
        from?: string;
        /** @description only conversations about historical checkouts, or the others */
        is_historical?: 'true' | 'false';
        /** @description last day (default: today in the time zone), a local day YYYY-MM-DD (inclusive) */
        to?: string;
        /** @description IANA time zone (default: the brand's, America/Los_Angeles) */
        tz?: string;
        /** @description only this workflow's conversations and orders */
        workflow_id?: number;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Candidates -> started -> sent -> delivered -> clicked -> replied -> recovered, with outcomes and orders */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand: {
              id: number;
              name: string;
            };
            current: {
              days: number;
              /**
               * Format: date-time
               * @description first instant of the period
               */
              from: string;
              /** @description first local day, YYYY-MM-DD */
              from_day: string;
              /** @enum {string} */
              granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
              timezone: string;
              /**
               * Format: date-time
               * @description first instant after the period
               */
              to: string;
              /** @description last local day, inclusive */
              to_day: string;
            };
            filters: {
              is_historical: boolean | null;
              workflow_id: number | null;
            };
            orders: {
              /** @description relative for counts and money (null when the previous value is 0), a difference in points for rates */
              change: number | null;
              current: number | string;
              /** @description one sentence: the panel's tooltip */
              definition: string;
              id: string;
              label: string;
              lower_is_better: boolean;
              previous: number | string;
            }[];
            outcomes: {
              /** @description relative for counts and money (null when the previous value is 0), a difference in points for rates */
              change: number | null;
              current: number;
              /** @description one sentence: the panel's tooltip */
              definition: string;
              id: string;
              label: string;
              lower_is_better: boolean;
              previous: number;
            }[];
            previous: {
              days: number;
              /**
               * Format: date-time
               * @description first instant of the period
               */
              from: string;
              /** @description first local day, YYYY-MM-DD */
              from_day: string;
              /** @enum {string} */
              granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
              timezone: string;
              /**
               * Format: date-time
               * @description first instant after the period
               */
              to: string;
              /** @description last local day, inclusive */
              to_day: string;
            };
            steps: {
              /** @description relative for counts and money (null when the previous value is 0), a difference in points for rates */
              change: number | null;
              current: number;
              /** @description one sentence: the panel's tooltip */
              definition: string;
              id: string;
              label: string;
              lower_is_better: boolean;
              previous: number;
              rate: number | null;
              /** @description what the rate divides by, in words ("started"); null without a rate */
              rate_of: string | null;
            }[];
            timezone: string;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdStatsInsights: {
    parameters: {
      query?: {
        /** @description first day (default: 29 days before `to`), a local day YYYY-MM-DD (inclusive) */
        from?: string;
        /** @description last day (default: today in the time zone), a local day YYYY-MM-DD (inclusive) */
        to?: string;
        /** @description IANA time zone (default: the brand's, America/Los_Angeles) */
        tz?: string;
        /** @description only this workflow's conversations */
        workflow_id?: number;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Conversations and shopper messages by insight category and tag over the period */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            counts: {
              category: string | null;
              conversations: number;
              messages: number;
              tag: string | null;
            }[];
            period: {
              days: number;
              /**
               * Format: date-time
               * @description first instant of the period
               */
              from: string;
              /** @description first local day, YYYY-MM-DD */
              from_day: string;
              /** @enum {string} */
              granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
              timezone: string;
              /**
               * Format: date-time
               * @description first instant after the period
               */
              to: string;
              /** @description last local day, inclusive */
              to_day: string;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdStatsKb: {
    parameters: {
      query?: {
        /** @description first day (default: 29 days before `to`), a local day YYYY-MM-DD (inclusive) */
        from?: string;
        /** @description last day (default: today in the time zone), a local day YYYY-MM-DD (inclusive) */
        to?: string;
        /** @description IANA time zone (default: the brand's, America/Los_Angeles) */
        tz?: string;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description KB cards by status and source, cards created and updated in the period, and escalations */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description cards by source: manual, flow, escalation, import */
            by_source: {
              [key: string]: number;
            };
            created_in_period: number;
            draft: number;
            escalations_added_to_kb: number;
            escalations_in_period: number;
            period: {
              days: number;
              /**
               * Format: date-time
               * @description first instant of the period
               */
              from: string;
              /** @description first local day, YYYY-MM-DD */
              from_day: string;
              /** @enum {string} */
              granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
              timezone: string;
              /**
               * Format: date-time
               * @description first instant after the period
               */
              to: string;
              /** @description last local day, inclusive */
              to_day: string;
            };
            published: number;
            total: number;
            unpublished: number;
            updated_in_period: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdStatsLift: {
    parameters: {
      query?: {
        /** @description from (default: 30 days before until) */
        since?: string;
        /** @description up to (default: now) */
        until?: string;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Recovery rate of texted carts against held-out carts, with attributed revenue beside it */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            attributed: {
              orders: number;
              revenue: string;
            };
            brand_id: number;
            held_out: {
              carts: number;
              converted: number;
              orders: number;
              rate: number | null;
              revenue: string;
              revenue_per_cart: string | null;
            };
            holdout_groups: string[];
            lift: {
              absolute: number | null;
              relative: number | null;
            };
            /** Format: date-time */
            since: string;
            texted: {
              carts: number;
              converted: number;
              orders: number;
              rate: number | null;
              revenue: string;
              revenue_per_cart: string | null;
            };
            timezone: string;
            /** Format: date-time */
            until: string;
            warnings: string[];
            window_hours: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdStatsLive: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The live feed: the newest 50 conversations, 50 orders and 50 goal events (pending, recovered, messaged) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand: {
              id: number;
              name: string;
            };
            conversations: {
              /** Format: date-time */
              created_at: string;
              family_name: string | null;
              given_name: string | null;
              id: number;
              /** @description masked: +1415***0123 */
              phone: string | null;
              /** @enum {string} */
              state: 'pending' | 'recovered' | 'messaged';
              workflow_id: number | null;
              workflow_name: string | null;
            }[];
            events: {
              cart_id: number | null;
              checkout_id: number | null;
              conversation_id: number | null;
              /** Format: date-time */
              created_at: string;
              id: number;
              order_id: number | null;
              /** @enum {string} */
              state: 'pending' | 'recovered' | 'messaged';
              state_display: string | null;
              workflow_id: number | null;
            }[];
            orders: {
              /** Format: date-time */
              created_at: string;
              currency: string;
              family_name: string | null;
              given_name: string | null;
              id: number;
              number: string | null;
              /** @enum {string} */
              state: 'pending' | 'recovered' | 'messaged';
              total: string;
              workflow_id: number | null;
            }[];
            states: string[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdStatsRecovered: {
    parameters: {
      query?: {
        /** @description from (default: 30 days before until) */
        since?: string;
        /** @description up to (default: now) */
        until?: string;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Orders placed in the period and those recovered (the live feed rule), with sales */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand_id: number;
            orders: number;
            recovered_aov: string | null;
            recovered_orders: number;
            recovered_sales: string;
            recovered_share: number | null;
            sales: string;
            /** Format: date-time */
            since: string;
            timezone: string;
            /** Format: date-time */
            until: string;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdStatsWorkflows: {
    parameters: {
      query?: {
        /** @description first day (default: 29 days before `to`), a local day YYYY-MM-DD (inclusive) */
        from?: string;
        /** @description last day (default: today in the time zone), a local day YYYY-MM-DD (inclusive) */
        to?: string;
        /** @description IANA time zone (default: the brand's, America/Los_Angeles) */
        tz?: string;
        /** @description only this workflow */
        workflow_id?: number;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Each workflow's funnel, outcomes and recovered orders, current against previous */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand: {
              id: number;
              name: string;
            };
            current: {
              days: number;
              /**
               * Format: date-time
               * @description first instant of the period
               */
              from: string;
              /** @description first local day, YYYY-MM-DD */
              from_day: string;
              /** @enum {string} */
              granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
              timezone: string;
              /**
               * Format: date-time
               * @description first instant after the period
               */
              to: string;
              /** @description last local day, inclusive */
              to_day: string;
            };
            previous: {
              days: number;
              /**
               * Format: date-time
               * @description first instant of the period
               */
              from: string;
              /** @description first local day, YYYY-MM-DD */
              from_day: string;
              /** @enum {string} */
              granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
              timezone: string;
              /**
               * Format: date-time
               * @description first instant after the period
               */
              to: string;
              /** @description last local day, inclusive */
              to_day: string;
            };
            timezone: string;
            workflows: {
              orders: {
                /** @description relative for counts and money (null when the previous value is 0), a difference in points for rates */
                change: number | null;
                current: number | string;
                /** @description one sentence: the panel's tooltip */
                definition: string;
                id: string;
                label: string;
                lower_is_better: boolean;
                previous: number | string;
              }[];
              outcomes: {
                /** @description relative for counts and money (null when the previous value is 0), a difference in points for rates */
                change: number | null;
                current: number;
                /** @description one sentence: the panel's tooltip */
                definition: string;
                id: string;
                label: string;
                lower_is_better: boolean;
                previous: number;
              }[];
              steps: {
                /** @description relative for counts and money (null when the previous value is 0), a difference in points for rates */
                change: number | null;
                current: number;
                /** @description one sentence: the panel's tooltip */
                definition: string;
                id: string;
                label: string;
                lower_is_better: boolean;
                previous: number;
                rate: number | null;
                /** @description what the rate divides by, in words ("started"); null without a rate */
                rate_of: string | null;
              }[];
              workflow: {
                id: number;
                is_paused: boolean;
                name: string;
                /**
                 * @description the one state word every page, CSV and the CLI show
                 * @enum {string}
                 */
                state: 'draft' | 'paused' | 'active';
                status: string;
                type: string;
              };
            }[];
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdStoreConnections: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's store connections and their health, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              /** @description what fixes the health: reconnect (approve the app again) */
              action: 'reconnect' | null;
              /** @description what needs fixing, e.g. 'Permissions required'; null when healthy */
              health: string | null;
              /** @description the health's detail, e.g. 'Missing permissions: read_orders'; null when there is none */
              health_detail: string | null;
              id: number;
              installed_at: string | null;
              /** @description events of the store are processed */
              is_enabled: boolean;
              /** @description shopify or bigcommerce */
              platform: string;
              /** @description the store's domain or hash */
              shop: string | null;
              /** @enum {string} */
              status: 'pending_setup' | 'connected' | 'disconnected';
              uninstalled_at: string | null;
            }[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's subscription: the live one (else the newest), its status and plan; null without one */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            subscription: {
              activated_at: string | null;
              billing_email: string | null;
              cancelled_at: string | null;
              /** @description a pending checkout the brand can still open */
              checkout_url: string | null;
              current_period_end: string | null;
              gateway: string | null;
              id: number;
              last_billed_at: string | null;
              plan: {
                features: string[];
                frequency: string;
                id: number;
                name: string;
                /** @description per period, USD */
                price: string;
                /** @description share of each recovered sale charged */
                usage_charge_percentage: number;
              } | null;
              /** @description Shopify: a raised usage cap waiting for approval */
              requested_cap_usd: number | null;
              started_at: string | null;
              status: string;
              trial_end_at: string | null;
            } | null;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description where invoices go (Stripe); default: the current one */
          billing_email?: string;
          plan_id: number;
        };
      };
    };
    responses: {
      /** @description Choose a plan: subscribe (a checkout to confirm) or, with a live subscription, change its plan */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            action: 'subscribed' | 'changed';
            /** @description where the brand confirms; null when the change is already done */
            checkout_url: string | null;
            /** @description USD off the first month */
            discount_amount: number;
            /** @enum {string} */
            gateway: 'stripe' | 'shopify';
            plan_name: string;
            /** @description an open checkout for the same plan was returned */
            reused: boolean;
            status: string;
            subscription_id: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteBrandsByBrandIdSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Cancels the brand's subscription (the live one, else the pending checkout) at its gateway */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            status: string;
            subscription_id: number;
            was: string;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdSubscriptionSync: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Reads the brand's subscriptions from their gateway now (after a checkout) and answers what changed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            changes: {
              from: string;
              subscription_id: number;
              to: string;
            }[];
            /** @description the gateway's refusals, in its words */
            errors: string[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdSubscriptionUsageCap: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          amount_usd: number;
        };
      };
    };
    responses: {
      /** @description Asks Shopify for a higher usage cap; the merchant approves it at the confirmation URL */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            confirmation_url: string | null;
            current_cap_usd: number;
            requested_cap_usd: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdTeam: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's team: members with role and state; a partner user also sees its partner's members */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            members: {
              activated_at: string | null;
              /** Format: date-time */
              created_at: string;
              email: string;
              family_name: string | null;
              given_name: string | null;
              is_enabled: boolean;
              last_login: string | null;
              member_role: string;
              membership_id: number;
              phone: string | null;
              state: string;
              user_id: number;
              user_role: string;
            }[];
            partners: {
              id: number;
              members: {
                activated_at: string | null;
                /** Format: date-time */
                created_at: string;
                email: string;
                family_name: string | null;
                given_name: string | null;
                is_enabled: boolean;
                last_login: string | null;
                member_role: string;
                membership_id: number;
                phone: string | null;
                state: string;
                user_id: number;
                user_role: string;
              }[];
              name: string;
            }[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdTeamInvitations: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          emails: string;
          role?: string;
        };
      };
    };
    responses: {
      /** @description Invite people by e-mail: each gets the mailed setup link (3 days) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            invalid: string[];
            invited: {
              email: string;
              /** Format: date-time */
              expires_at: string;
              mail_sent: boolean;
              role: string;
              user_id: number;
            }[];
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  patchBrandsByBrandIdTeamMembersByMemberId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        memberId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description admin or member */
          role?: string;
          /** @enum {string} */
          state?: 'active' | 'suspended';
        };
      };
    };
    responses: {
      /** @description Change a member’s role, suspend a member, or lift a suspension */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            member: {
              activated_at: string | null;
              /** Format: date-time */
              created_at: string;
              email: string;
              family_name: string | null;
              given_name: string | null;
              is_enabled: boolean;
              last_login: string | null;
              member_role: string;
              membership_id: number;
              phone: string | null;
              state: string;
              user_id: number;
              user_role: string;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdTeamMembersByMemberIdReinvite: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        memberId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Mail a fresh setup link to a member who has not accepted yet (the old link stops working) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email: string;
            /** Format: date-time */
            expires_at: string;
            mail_sent: boolean;
            user_id: number;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdTexting: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's texting number, its 10DLC registration when known, and the quiet-hours rules */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            integration: {
              is_enabled: boolean;
              provider: string;
              status: string;
            } | null;
            /** @description the brand's own number or sender id texts go out from */
            number: string | null;
            number_source: ('sms_integration' | 'support_phone') | null;
            quiet_hours: {
              cart_reminder_max_hours: number;
              end: string;
              /** @description HH:MM, the shopper's local time */
              start: string;
              strict_end: string;
              /** @description marketing texts per number in strict states */
              strict_limit: number;
              strict_limit_hours: number;
              strict_states: string[];
              /** @description whether Texas shoppers may get marketing texts */
              texas_compliance: boolean;
            };
            ten_dlc: {
              /** @description campaign_approval_pending: the carriers rejected the campaign */
              failed_from: string | null;
              status: string;
              updated_at: string | null;
            } | null;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdTextingComposer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What the composer counts a text with: a short link as sent, sample values, the price of a segment */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description a short link as texts carry it */
            link_example: string;
            sample: {
              brand_name: string;
              discount_code: string;
              discount_value: string;
              first_name: string;
            };
            segment_price: {
              amount: string;
              /** @constant */
              currency: 'USD';
            } | null;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdTextingPolicyCheck: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          privacy_url?: string;
          terms_url?: string;
        };
      };
    };
    responses: {
      /** @description Reads the terms and privacy pages and lists each missing consent phrase with a sentence to add */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string | null;
            pages: {
              accessible: boolean;
              found: string[];
              message: string | null;
              missing: {
                phrase: string;
                /** @description a sentence to add */
                suggestion: string;
              }[];
              /** @enum {string} */
              page: 'Terms' | 'Privacy';
              passes: boolean;
              /** @description why the page could not be read */
              problem: string | null;
              /** @description phrases found ÷ 9 phrases */
              share: number;
              too_short: boolean;
              url: string;
            }[];
            passes: boolean;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdTextingRegistration: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The 10DLC registration: company details, what is still missing, and the registration's state */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            company_types: string[];
            industries: string[];
            /** @description the fields registration still needs */
            missing_fields: string[];
            policy_pages: {
              privacy_url: string | null;
              terms_url: string | null;
            };
            registration: {
              appealed_at: string | null;
              /** @description campaign_approval_pending: the carriers rejected it */
              failed_from:
                | (
                    | 'create_brand_pending'
                    | 'brand_approval_pending'
                    | 'create_campaign_pending'
                    | 'submit_campaign_pending'
                    | 'campaign_approval_pending'
                    | 'campaign_approval_success'
                    | 'migration_pending'
                    | 'migration_complete'
                    | 'manual_intervention'
                  )
                | null;
              /** @description why it stopped (a rejected campaign: the reasons and details) */
              last_error: string | null;
              phone_number: string | null;
              since: string | null;
              /** @enum {string} */
              state:
                | 'create_brand_pending'
                | 'brand_approval_pending'
                | 'create_campaign_pending'
                | 'submit_campaign_pending'
                | 'campaign_approval_pending'
                | 'campaign_approval_success'
                | 'migration_pending'
                | 'migration_complete'
                | 'manual_intervention';
            } | null;
            /** @description whether this server is set up to register (Infobip's API and webhook) */
            server_ready: boolean;
            settings: {
              brand_info?: {
                brand_name?: string;
                website_url?: string;
              };
              company_info?: {
                address?: {
                  city?: string;
                  line1?: string;
                  state?: string;
                  zip?: string;
                };
                area_code_preference?: string;
                /** @description non_profit, private, public */
                company_type?: string;
                industry_type?: string;
                legal_company_name?: string;
                privacy_url?: string;
                tax_ein?: string;
                terms_url?: string;
              };
              compliance_contact?: {
                email?: string;
                phone?: string;
              };
              contact_info?: {
                email?: string;
                phone?: string;
              };
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdTextingRegistration: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Registers the brand and its campaign with the carriers (the policy check runs first) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            company_types: string[];
            industries: string[];
            /** @description the fields registration still needs */
            missing_fields: string[];
            policy_pages: {
              privacy_url: string | null;
              terms_url: string | null;
            };
            registration: {
              appealed_at: string | null;
              /** @description campaign_approval_pending: the carriers rejected it */
              failed_from:
                | (
                    | 'create_brand_pending'
                    | 'brand_approval_pending'
                    | 'create_campaign_pending'
                    | 'submit_campaign_pending'
                    | 'campaign_approval_pending'
                    | 'campaign_approval_success'
                    | 'migration_pending'
                    | 'migration_complete'
                    | 'manual_intervention'
                  )
                | null;
              /** @description why it stopped (a rejected campaign: the reasons and details) */
              last_error: string | null;
              phone_number: string | null;
              since: string | null;
              /** @enum {string} */
              state:
                | 'create_brand_pending'
                | 'brand_approval_pending'
                | 'create_campaign_pending'
                | 'submit_campaign_pending'
                | 'campaign_approval_pending'
                | 'campaign_approval_success'
                | 'migration_pending'
                | 'migration_complete'
                | 'manual_intervention';
            } | null;
            /** @description whether this server is set up to register (Infobip's API and webhook) */
            server_ready: boolean;
            settings: {
              brand_info?: {
                brand_name?: string;
                website_url?: string;
              };
              company_info?: {
                address?: {
                  city?: string;
                  line1?: string;
                  state?: string;
                  zip?: string;
                };
                area_code_preference?: string;
                /** @description non_profit, private, public */
                company_type?: string;
                industry_type?: string;
                legal_company_name?: string;
                privacy_url?: string;
                tax_ein?: string;
                terms_url?: string;
              };
              compliance_contact?: {
                email?: string;
                phone?: string;
              };
              contact_info?: {
                email?: string;
                phone?: string;
              };
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdTextingRegistrationAppeal: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          reason: string;
        };
      };
    };
    responses: {
      /** @description Appeals a rejected campaign with what was fixed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            company_types: string[];
            industries: string[];
            /** @description the fields registration still needs */
            missing_fields: string[];
            policy_pages: {
              privacy_url: string | null;
              terms_url: string | null;
            };
            registration: {
              appealed_at: string | null;
              /** @description campaign_approval_pending: the carriers rejected it */
              failed_from:
                | (
                    | 'create_brand_pending'
                    | 'brand_approval_pending'
                    | 'create_campaign_pending'
                    | 'submit_campaign_pending'
                    | 'campaign_approval_pending'
                    | 'campaign_approval_success'
                    | 'migration_pending'
                    | 'migration_complete'
                    | 'manual_intervention'
                  )
                | null;
              /** @description why it stopped (a rejected campaign: the reasons and details) */
              last_error: string | null;
              phone_number: string | null;
              since: string | null;
              /** @enum {string} */
              state:
                | 'create_brand_pending'
                | 'brand_approval_pending'
                | 'create_campaign_pending'
                | 'submit_campaign_pending'
                | 'campaign_approval_pending'
                | 'campaign_approval_success'
                | 'migration_pending'
                | 'migration_complete'
                | 'manual_intervention';
            } | null;
            /** @description whether this server is set up to register (Infobip's API and webhook) */
            server_ready: boolean;
            settings: {
              brand_info?: {
                brand_name?: string;
                website_url?: string;
              };
              company_info?: {
                address?: {
                  city?: string;
                  line1?: string;
                  state?: string;
                  zip?: string;
                };
                area_code_preference?: string;
                /** @description non_profit, private, public */
                company_type?: string;
                industry_type?: string;
                legal_company_name?: string;
                privacy_url?: string;
                tax_ein?: string;
                terms_url?: string;
              };
              compliance_contact?: {
                email?: string;
                phone?: string;
              };
              contact_info?: {
                email?: string;
                phone?: string;
              };
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdTextingRegistrationRetry: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Starts the registration again from the step that stopped */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            company_types: string[];
            industries: string[];
            /** @description the fields registration still needs */
            missing_fields: string[];
            policy_pages: {
              privacy_url: string | null;
              terms_url: string | null;
            };
            registration: {
              appealed_at: string | null;
              /** @description campaign_approval_pending: the carriers rejected it */
              failed_from:
                | (
                    | 'create_brand_pending'
                    | 'brand_approval_pending'
                    | 'create_campaign_pending'
                    | 'submit_campaign_pending'
                    | 'campaign_approval_pending'
                    | 'campaign_approval_success'
                    | 'migration_pending'
                    | 'migration_complete'
                    | 'manual_intervention'
                  )
                | null;
              /** @description why it stopped (a rejected campaign: the reasons and details) */
              last_error: string | null;
              phone_number: string | null;
              since: string | null;
              /** @enum {string} */
              state:
                | 'create_brand_pending'
                | 'brand_approval_pending'
                | 'create_campaign_pending'
                | 'submit_campaign_pending'
                | 'campaign_approval_pending'
                | 'campaign_approval_success'
                | 'migration_pending'
                | 'migration_complete'
                | 'manual_intervention';
            } | null;
            /** @description whether this server is set up to register (Infobip's API and webhook) */
            server_ready: boolean;
            settings: {
              brand_info?: {
                brand_name?: string;
                website_url?: string;
              };
              company_info?: {
                address?: {
                  city?: string;
                  line1?: string;
                  state?: string;
                  zip?: string;
                };
                area_code_preference?: string;
                /** @description non_profit, private, public */
                company_type?: string;
                industry_type?: string;
                legal_company_name?: string;
                privacy_url?: string;
                tax_ein?: string;
                terms_url?: string;
              };
              compliance_contact?: {
                email?: string;
                phone?: string;
              };
              contact_info?: {
                email?: string;
                phone?: string;
              };
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  putBrandsByBrandIdTextingRegistrationSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          brand_info?: {
            brand_name?: string;
            website_url?: string;
          };
          company_info?: {
            address?: {
              city?: string;
              line1?: string;
              state?: string;
              zip?: string;
            };
            area_code_preference?: string;
            /** @description non_profit, private, public */
            company_type?: string;
            industry_type?: string;
            legal_company_name?: string;
            privacy_url?: string;
            tax_ein?: string;
            terms_url?: string;
          };
          compliance_contact?: {
            email?: string;
            phone?: string;
          };
          contact_info?: {
            email?: string;
            phone?: string;
          };
        };
      };
    };
    responses: {
      /** @description Saves company details (merged field by field); nothing is saved when a field is invalid */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            company_types: string[];
            industries: string[];
            /** @description the fields registration still needs */
            missing_fields: string[];
            policy_pages: {
              privacy_url: string | null;
              terms_url: string | null;
            };
            registration: {
              appealed_at: string | null;
              /** @description campaign_approval_pending: the carriers rejected it */
              failed_from:
                | (
                    | 'create_brand_pending'
                    | 'brand_approval_pending'
                    | 'create_campaign_pending'
                    | 'submit_campaign_pending'
                    | 'campaign_approval_pending'
                    | 'campaign_approval_success'
                    | 'migration_pending'
                    | 'migration_complete'
                    | 'manual_intervention'
                  )
                | null;
              /** @description why it stopped (a rejected campaign: the reasons and details) */
              last_error: string | null;
              phone_number: string | null;
              since: string | null;
              /** @enum {string} */
              state:
                | 'create_brand_pending'
                | 'brand_approval_pending'
                | 'create_campaign_pending'
                | 'submit_campaign_pending'
                | 'campaign_approval_pending'
                | 'campaign_approval_success'
                | 'migration_pending'
                | 'migration_complete'
                | 'manual_intervention';
            } | null;
            /** @description whether this server is set up to register (Infobip's API and webhook) */
            server_ready: boolean;
            settings: {
              brand_info?: {
                brand_name?: string;
                website_url?: string;
              };
              company_info?: {
                address?: {
                  city?: string;
                  line1?: string;
                  state?: string;
                  zip?: string;
                };
                area_code_preference?: string;
                /** @description non_profit, private, public */
                company_type?: string;
                industry_type?: string;
                legal_company_name?: string;
                privacy_url?: string;
                tax_ein?: string;
                terms_url?: string;
              };
              compliance_contact?: {
                email?: string;
                phone?: string;
              };
              contact_info?: {
                email?: string;
                phone?: string;
              };
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdTextingRegistrationSettingsCheck: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          brand_info?: {
            brand_name?: string;
            website_url?: string;
          };
          company_info?: {
            address?: {
              city?: string;
              line1?: string;
              state?: string;
              zip?: string;
            };
            area_code_preference?: string;
            /** @description non_profit, private, public */
            company_type?: string;
            industry_type?: string;
            legal_company_name?: string;
            privacy_url?: string;
            tax_ein?: string;
            terms_url?: string;
          };
          compliance_contact?: {
            email?: string;
            phone?: string;
          };
          contact_info?: {
            email?: string;
            phone?: string;
          };
        };
      };
    };
    responses: {
      /** @description Checks company details as they would be saved, field by field; saves nothing */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            problems: {
              /** @description the field path, e.g. company_info.tax_ein */
              field: string;
              /** @description the registration service's own message */
              message: string;
            }[];
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdWorkflowEditor: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What the workflow editor offers: the templates, the rule fields and operators, discount types */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            discount_types: string[];
            opt_out_line: string;
            permissions: {
              activate: boolean;
              delete: boolean;
              /** @description why a control is not available to this user */
              reason: string | null;
              /** @enum {string} */
              role: 'admin' | 'member';
            };
            placeholders: string[];
            rule_fields: {
              field: string;
              kind: string;
              operators: string[];
            }[];
            templates: {
              delay_minutes: number;
              description: string;
              discount: {
                duration_days: number;
                type: string;
                value: number;
              };
              key: string;
              message: string;
              name: string;
              type: string;
            }[];
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdWorkflows: {
    parameters: {
      query?: {
        /** @description first day (default: 29 days before `to`), a local day YYYY-MM-DD (inclusive) */
        from?: string;
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
        /** @description last day (default: today in the time zone), a local day YYYY-MM-DD (inclusive) */
        to?: string;
        /** @description IANA time zone (default: the brand's, America/Los_Angeles) */
        tz?: string;
      };
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The brand's workflows with their stats */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              /** @description message or discount */
              action: unknown;
              brand_id: number;
              brand_integration_id: number | null;
              /** Format: date-time */
              created_at: string;
              delay_minutes: number;
              discount: {
                code_prefix: string | null;
                code_type: string;
                display: string;
                duration_days: number;
                reason: string | null;
                rule_id: number;
                type: string;
                valid: boolean;
                value: number;
              } | null;
              ends_at: string | null;
              external_id: string | null;
              id: number;
              is_paused: boolean;
              /** @description the message as rich-text blocks */
              message: unknown[];
              message_text: string;
              name: string;
              platform: string | null;
              /** @description the rules the candidates must pass */
              rules: unknown;
              starts_at: string | null;
              /** @enum {string} */
              state: 'draft' | 'paused' | 'active';
              stats: {
                current: {
                  days: number;
                  /**
                   * Format: date-time
                   * @description first instant of the period
                   */
                  from: string;
                  /** @description first local day, YYYY-MM-DD */
                  from_day: string;
                  /** @enum {string} */
                  granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
                  timezone: string;
                  /**
                   * Format: date-time
                   * @description first instant after the period
                   */
                  to: string;
                  /** @description last local day, inclusive */
                  to_day: string;
                };
                orders: {
                  /** @description relative for counts and money (null when the previous value is 0), a difference in points for rates */
                  change: number | null;
                  current: number | string;
                  /** @description one sentence: the panel's tooltip */
                  definition: string;
                  id: string;
                  label: string;
                  lower_is_better: boolean;
                  previous: number | string;
                }[];
                outcomes: {
                  /** @description relative for counts and money (null when the previous value is 0), a difference in points for rates */
                  change: number | null;
                  current: number;
                  /** @description one sentence: the panel's tooltip */
                  definition: string;
                  id: string;
                  label: string;
                  lower_is_better: boolean;
                  previous: number;
                }[];
                previous: {
                  days: number;
                  /**
                   * Format: date-time
                   * @description first instant of the period
                   */
                  from: string;
                  /** @description first local day, YYYY-MM-DD */
                  from_day: string;
                  /** @enum {string} */
                  granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
                  timezone: string;
                  /**
                   * Format: date-time
                   * @description first instant after the period
                   */
                  to: string;
                  /** @description last local day, inclusive */
                  to_day: string;
                };
                steps: {
                  /** @description relative for counts and money (null when the previous value is 0), a difference in points for rates */
                  change: number | null;
                  current: number;
                  /** @description one sentence: the panel's tooltip */
                  definition: string;
                  id: string;
                  label: string;
                  lower_is_better: boolean;
                  previous: number;
                  rate: number | null;
                  /** @description what the rate divides by, in words ("started"); null without a rate */
                  rate_of: string | null;
                }[];
              } | null;
              status: string;
              template: string | null;
              timezone: string;
              type: string;
              /** Format: date-time */
              updated_at: string;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdWorkflows: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description AND or OR: how the rules combine */
          condition?: string;
          delay_minutes?: number | string;
          /** @description a new discount rule for the workflow; null sends the message without a code */
          discount?: {
            code_prefix?: string;
            code_type?: string;
            duration_days?: number;
            minimum?: number;
            type: string;
            value?: number;
          } | null;
          integration_id?: number;
          /** @description null removes it */
          main_rule?: {
            field: string;
            operator: string;
            value: string | number | (string | number)[];
          } | null;
          /** @description the text, one paragraph per line, with placeholders */
          message?: string;
          name?: string;
          priority?: number | string;
          rules?: {
            field: string;
            operator: string;
            value: string | number | (string | number)[];
          }[];
          template?: string;
          timezone?: string;
          type?: string;
        };
      };
    };
    responses: {
      /** @description Create a workflow from a template, or blank (a paused draft) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            workflow: {
              /** @description message or discount */
              action: unknown;
              brand_id: number;
              brand_integration_id: number | null;
              /** Format: date-time */
              created_at: string;
              delay_minutes: number;
              discount: {
                code_prefix: string | null;
                code_type: string;
                display: string;
                duration_days: number;
                reason: string | null;
                rule_id: number;
                type: string;
                valid: boolean;
                value: number;
              } | null;
              ends_at: string | null;
              external_id: string | null;
              id: number;
              is_paused: boolean;
              /** @description the message as rich-text blocks */
              message: unknown[];
              message_text: string;
              name: string;
              platform: string | null;
              /** @description the rules the candidates must pass */
              rules: unknown;
              starts_at: string | null;
              /** @enum {string} */
              state: 'draft' | 'paused' | 'active';
              status: string;
              template: string | null;
              timezone: string;
              type: string;
              /** Format: date-time */
              updated_at: string;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdWorkflowsByWorkflowId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        workflowId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One workflow: message, rules and discount */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            workflow: {
              /** @description message or discount */
              action: unknown;
              brand_id: number;
              brand_integration_id: number | null;
              /** Format: date-time */
              created_at: string;
              delay_minutes: number;
              discount: {
                code_prefix: string | null;
                code_type: string;
                display: string;
                duration_days: number;
                reason: string | null;
                rule_id: number;
                type: string;
                valid: boolean;
                value: number;
              } | null;
              ends_at: string | null;
              external_id: string | null;
              id: number;
              is_paused: boolean;
              /** @description the message as rich-text blocks */
              message: unknown[];
              message_text: string;
              name: string;
              platform: string | null;
              /** @description the rules the candidates must pass */
              rules: unknown;
              starts_at: string | null;
              /** @enum {string} */
              state: 'draft' | 'paused' | 'active';
              status: string;
              template: string | null;
              timezone: string;
              type: string;
              /** Format: date-time */
              updated_at: string;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteBrandsByBrandIdWorkflowsByWorkflowId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        workflowId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Delete a workflow (admins) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            deleted: {
              id: number;
              name: string;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  patchBrandsByBrandIdWorkflowsByWorkflowId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        workflowId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description AND or OR: how the rules combine */
          condition?: string;
          delay_minutes?: number | string;
          /** @description a new discount rule for the workflow; null sends the message without a code */
          discount?: {
            code_prefix?: string;
            code_type?: string;
            duration_days?: number;
            minimum?: number;
            type: string;
            value?: number;
          } | null;
          /** @description null removes it */
          main_rule?: {
            field: string;
            operator: string;
            value: string | number | (string | number)[];
          } | null;
          /** @description the text, one paragraph per line, with placeholders */
          message?: string;
          name?: string;
          priority?: number | string;
          rules?: {
            field: string;
            operator: string;
            value: string | number | (string | number)[];
          }[];
          timezone?: string;
        };
      };
    };
    responses: {
      /** @description Change a workflow: message, delay, discount, rules (only the fields given) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            workflow: {
              /** @description message or discount */
              action: unknown;
              brand_id: number;
              brand_integration_id: number | null;
              /** Format: date-time */
              created_at: string;
              delay_minutes: number;
              discount: {
                code_prefix: string | null;
                code_type: string;
                display: string;
                duration_days: number;
                reason: string | null;
                rule_id: number;
                type: string;
                valid: boolean;
                value: number;
              } | null;
              ends_at: string | null;
              external_id: string | null;
              id: number;
              is_paused: boolean;
              /** @description the message as rich-text blocks */
              message: unknown[];
              message_text: string;
              name: string;
              platform: string | null;
              /** @description the rules the candidates must pass */
              rules: unknown;
              starts_at: string | null;
              /** @enum {string} */
              state: 'draft' | 'paused' | 'active';
              status: string;
              template: string | null;
              timezone: string;
              type: string;
              /** Format: date-time */
              updated_at: string;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdWorkflowsByWorkflowIdActivate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        workflowId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Activate a workflow (admins): checked as a whole, then active and running */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            workflow: {
              /** @description message or discount */
              action: unknown;
              brand_id: number;
              brand_integration_id: number | null;
              /** Format: date-time */
              created_at: string;
              delay_minutes: number;
              discount: {
                code_prefix: string | null;
                code_type: string;
                display: string;
                duration_days: number;
                reason: string | null;
                rule_id: number;
                type: string;
                valid: boolean;
                value: number;
              } | null;
              ends_at: string | null;
              external_id: string | null;
              id: number;
              is_paused: boolean;
              /** @description the message as rich-text blocks */
              message: unknown[];
              message_text: string;
              name: string;
              platform: string | null;
              /** @description the rules the candidates must pass */
              rules: unknown;
              starts_at: string | null;
              /** @enum {string} */
              state: 'draft' | 'paused' | 'active';
              status: string;
              template: string | null;
              timezone: string;
              type: string;
              /** Format: date-time */
              updated_at: string;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandsByBrandIdWorkflowsByWorkflowIdChanges: {
    parameters: {
      query?: {
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
      };
      header?: never;
      path: {
        brandId: number;
        workflowId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The workflow's history: who changed what, and when, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              /** @enum {string} */
              action: 'created' | 'updated' | 'activated' | 'paused' | 'resumed' | 'deleted';
              /** @enum {string} */
              actor: 'user' | 'cli';
              changes: {
                [key: string]: {
                  from: unknown;
                  to: unknown;
                };
              };
              /** Format: date-time */
              created_at: string;
              id: number;
              user: {
                id: number;
                name: string;
              } | null;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdWorkflowsByWorkflowIdPause: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        workflowId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Pause a workflow (it selects nobody until resumed) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            workflow: {
              /** @description message or discount */
              action: unknown;
              brand_id: number;
              brand_integration_id: number | null;
              /** Format: date-time */
              created_at: string;
              delay_minutes: number;
              discount: {
                code_prefix: string | null;
                code_type: string;
                display: string;
                duration_days: number;
                reason: string | null;
                rule_id: number;
                type: string;
                valid: boolean;
                value: number;
              } | null;
              ends_at: string | null;
              external_id: string | null;
              id: number;
              is_paused: boolean;
              /** @description the message as rich-text blocks */
              message: unknown[];
              message_text: string;
              name: string;
              platform: string | null;
              /** @description the rules the candidates must pass */
              rules: unknown;
              starts_at: string | null;
              /** @enum {string} */
              state: 'draft' | 'paused' | 'active';
              status: string;
              template: string | null;
              timezone: string;
              type: string;
              /** Format: date-time */
              updated_at: string;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postBrandsByBrandIdWorkflowsByWorkflowIdResume: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        brandId: number;
        workflowId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Resume a paused workflow */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            workflow: {
              /** @description message or discount */
              action: unknown;
              brand_id: number;
              brand_integration_id: number | null;
              /** Format: date-time */
              created_at: string;
              delay_minutes: number;
              discount: {
                code_prefix: string | null;
                code_type: string;
                display: string;
                duration_days: number;
                reason: string | null;
                rule_id: number;
                type: string;
                valid: boolean;
                value: number;
              } | null;
              ends_at: string | null;
              external_id: string | null;
              id: number;
              is_paused: boolean;
              /** @description the message as rich-text blocks */
              message: unknown[];
              message_text: string;
              name: string;
              platform: string | null;
              /** @description the rules the candidates must pass */
              rules: unknown;
              starts_at: string | null;
              /** @enum {string} */
              state: 'draft' | 'paused' | 'active';
              status: string;
              template: string | null;
              timezone: string;
              type: string;
              /** Format: date-time */
              updated_at: string;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getIntegrations: {
    parameters: {
      query?: {
        brand_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The integrations of the brands the session may read, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              brand_id: number;
              category: string;
              /** Format: date-time */
              created_at: string;
              id: number;
              is_enabled: boolean;
              /** @description the store's domain or hash, the workspace id, ... */
              lookup_id: string | null;
              name: string;
              /** @description shopify, bigcommerce, slack, klaviyo, ... */
              platform: string;
              /** @description names of the credentials that are set, never their values */
              sealed: string[];
              /** @description without credentials or anything named like a secret */
              settings: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              status: 'pending_setup' | 'connected' | 'disconnected';
              /** Format: date-time */
              updated_at: string;
            }[];
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  patchIntegrations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          is_enabled?: boolean;
          /** @description merged into the settings, key by key; only what the integration's kind lets a brand change (reply_signature), anything else answers 400 'The setting X cannot be changed here' */
          settings?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Answers No id provided: a patch names its integration in the path */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand_id: number;
            category: string;
            /** Format: date-time */
            created_at: string;
            id: number;
            is_enabled: boolean;
            /** @description the store's domain or hash, the workspace id, ... */
            lookup_id: string | null;
            name: string;
            /** @description shopify, bigcommerce, slack, klaviyo, ... */
            platform: string;
            /** @description names of the credentials that are set, never their values */
            sealed: string[];
            /** @description without credentials or anything named like a secret */
            settings: {
              [key: string]: unknown;
            };
            /** @enum {string} */
            status: 'pending_setup' | 'connected' | 'disconnected';
            /** Format: date-time */
            updated_at: string;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  patchIntegrationsByIntegrationId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        integrationId: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          is_enabled?: boolean;
          /** @description merged into the settings, key by key; only what the integration's kind lets a brand change (reply_signature), anything else answers 400 'The setting X cannot be changed here' */
          settings?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Changes an integration's settings (merged) or whether it is enabled */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand_id: number;
            category: string;
            /** Format: date-time */
            created_at: string;
            id: number;
            is_enabled: boolean;
            /** @description the store's domain or hash, the workspace id, ... */
            lookup_id: string | null;
            name: string;
            /** @description shopify, bigcommerce, slack, klaviyo, ... */
            platform: string;
            /** @description names of the credentials that are set, never their values */
            sealed: string[];
            /** @description without credentials or anything named like a secret */
            settings: {
              [key: string]: unknown;
            };
            /** @enum {string} */
            status: 'pending_setup' | 'connected' | 'disconnected';
            /** Format: date-time */
            updated_at: string;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The signed-in user: profile, role, policies and memberships */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: date-time */
            account_created_at: string;
            avatar_url: string | null;
            brand_id: number | null;
            email: string;
            family_name: string | null;
            given_name: string | null;
            is_staff: boolean;
            last_login: string | null;
            memberships: {
              activated_at: string | null;
              brand_ids: number[];
              id: number;
              /** @enum {string} */
              kind: 'tenant' | 'partner';
              name: string;
              role: string;
              state: string;
            }[];
            partner_id: number | null;
            phone: string | null;
            policies: string[];
            role: string;
            tenant_id: number | null;
            user_id: number;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getNotifications: {
    parameters: {
      query?: {
        /** @description all, unread, or one type */
        filter?: 'all' | 'unread' | 'announcement' | 'system';
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The signed-in user's notifications, newest first, with the user's read state */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              /**
               * @description user, tenant (its active members), global (everyone) or staff
               * @enum {string}
               */
              audience: 'user' | 'tenant' | 'global' | 'staff';
              body: string | null;
              /** @description the brand it is about */
              brand_id: number | null;
              /** Format: date-time */
              created_at: string;
              /** @description what raised it and where it points (kind, link, ids) */
              data: {
                [key: string]: unknown;
              };
              id: number;
              /** @description read by the signed-in user */
              is_read: boolean;
              read_at: string | null;
              tenant_id: number | null;
              title: string | null;
              /** @enum {string} */
              type: 'announcement' | 'system' | 'reminder' | 'security';
              /** Format: date-time */
              updated_at: string;
              user_id: number | null;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postNotifications: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @default all
           * @enum {string}
           */
          audience?: 'all' | 'staff';
          body?: string;
          brand_id?: number;
          data?: {
            [key: string]: unknown;
          };
          tenant_id?: number;
          title: string;
          /** @enum {string} */
          type: 'announcement' | 'system' | 'reminder' | 'security';
          user_id?: number;
        };
      };
    };
    responses: {
      /** @description Send a notification (staff only) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            notification: {
              /**
               * @description user, tenant (its active members), global (everyone) or staff
               * @enum {string}
               */
              audience: 'user' | 'tenant' | 'global' | 'staff';
              body: string | null;
              /** @description the brand it is about */
              brand_id: number | null;
              /** Format: date-time */
              created_at: string;
              /** @description what raised it and where it points (kind, link, ids) */
              data: {
                [key: string]: unknown;
              };
              id: number;
              tenant_id: number | null;
              title: string | null;
              /** @enum {string} */
              type: 'announcement' | 'system' | 'reminder' | 'security';
              /** Format: date-time */
              updated_at: string;
              user_id: number | null;
            };
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session is not staff. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getNotificationsByNotificationId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        notificationId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One notification the signed-in user may see */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            notification: {
              /**
               * @description user, tenant (its active members), global (everyone) or staff
               * @enum {string}
               */
              audience: 'user' | 'tenant' | 'global' | 'staff';
              body: string | null;
              /** @description the brand it is about */
              brand_id: number | null;
              /** Format: date-time */
              created_at: string;
              /** @description what raised it and where it points (kind, link, ids) */
              data: {
                [key: string]: unknown;
              };
              id: number;
              /** @description read by the signed-in user */
              is_read: boolean;
              read_at: string | null;
              tenant_id: number | null;
              title: string | null;
              /** @enum {string} */
              type: 'announcement' | 'system' | 'reminder' | 'security';
              /** Format: date-time */
              updated_at: string;
              user_id: number | null;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postNotificationsByNotificationIdRead: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        notificationId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Mark a notification read for the signed-in user (reading twice keeps the first time) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            notification: {
              /**
               * @description user, tenant (its active members), global (everyone) or staff
               * @enum {string}
               */
              audience: 'user' | 'tenant' | 'global' | 'staff';
              body: string | null;
              /** @description the brand it is about */
              brand_id: number | null;
              /** Format: date-time */
              created_at: string;
              /** @description what raised it and where it points (kind, link, ids) */
              data: {
                [key: string]: unknown;
              };
              id: number;
              /** @description read by the signed-in user */
              is_read: boolean;
              read_at: string | null;
              tenant_id: number | null;
              title: string | null;
              /** @enum {string} */
              type: 'announcement' | 'system' | 'reminder' | 'security';
              /** Format: date-time */
              updated_at: string;
              user_id: number | null;
            };
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postNotificationsReadAll: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Mark every notification the signed-in user may see as read */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description how many were unread */
            marked: number;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getNotificationsUnreadCount: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description How many notifications the signed-in user has not read */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            unread: number;
          };
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getOpenapiJson: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description This OpenAPI 3.1 document */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
    };
  };
  getStaffBrands: {
    parameters: {
      query?: {
        /** @description earnings of orders from this day, a local day YYYY-MM-DD (inclusive) */
        from?: string;
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
        /** @description name or domain contains */
        search?: string;
        /** @description one tenant's brands */
        tenant_id?: number;
        /** @description to this day, a local day YYYY-MM-DD (inclusive) */
        to?: string;
        /** @description time zone of the days (default America/Los_Angeles) */
        tz?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every brand by total earnings, the sales of its recovered orders (staff only) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              domain: string | null;
              id: number;
              industry: string | null;
              name: string;
              recovered_orders: number;
              tenant_id: number;
              /** @description sales of its recovered orders, a decimal string */
              total_earnings: string;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session is not staff. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getStaffMembers: {
    parameters: {
      query?: {
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The staff members, oldest first (staff only) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              /** Format: date-time */
              created_at: string;
              email: string;
              family_name: string | null;
              given_name: string | null;
              id: number;
              role: string;
              state: string;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session is not staff. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getTenantsByTenantIdUsers: {
    parameters: {
      query?: {
        /** @description items per page */
        limit?: number;
        /** @description items to skip */
        offset?: number;
        /** @description matches e-mail, given and family name */
        search?: string;
        state?: 'active' | 'invited' | 'suspended';
      };
      header?: never;
      path: {
        tenantId: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A tenant's members, most recent login first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              activated_at: string | null;
              /** Format: date-time */
              created_at: string;
              email: string;
              family_name: string | null;
              given_name: string | null;
              is_enabled: boolean;
              last_login: string | null;
              member_role: string;
              membership_id: number;
              phone: string | null;
              state: string;
              user_id: number;
              user_role: string;
            }[];
            limit: number;
            offset: number;
            total: number;
          };
        };
      };
      /** @description Invalid input: the message names each bad field. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid access token (`Invalid token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Unknown, or outside the brands the session may read (the same answer for both). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
}
