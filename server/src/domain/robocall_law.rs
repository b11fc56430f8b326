//! Where the law forbids an artificial-voice call without the called
//! person's prior consent, which an anonymous voice message never has.
//! These regions are refused whatever the configuration says; an operator
//! can only add regions (`VOICE_BLOCKED_REGIONS`), never remove these.

/// A region (ISO 3166-1 alpha-2, as the numbering plan names it) and the
/// law that makes an unconsented prerecorded-voice call to it unlawful.
pub struct Protected {
    pub region: &'static str,
    pub law: &'static str,
}

/// Every region whose numbers the law above covers. The US Telephone
/// Consumer Protection Act (47 U.S.C. § 227(b)(1)) applies to the United
/// States, and its definition of "State" (47 U.S.C. § 153) takes in every
/// territory and possession; all of them dial through the North American
/// Numbering Plan, so `+1` alone does not tell them from other NANP members
/// (which are not covered: Jamaica, the Bahamas, …).
pub const PROTECTED: &[Protected] = &[
    Protected {
        region: "US",
        law: "TCPA, 47 U.S.C. § 227(b)(1)(B): prerecorded-voice calls need prior express consent",
    },
    Protected {
        region: "PR",
        law: "TCPA: Puerto Rico is a State under 47 U.S.C. § 153 (NANP area codes 787, 939)",
    },
    Protected {
        region: "GU",
        law: "TCPA: Guam is a State under 47 U.S.C. § 153 (NANP area code 671)",
    },
    Protected {
        region: "VI",
        law: "TCPA: the US Virgin Islands are a State under 47 U.S.C. § 153 (NANP area code 340)",
    },
    Protected {
        region: "AS",
        law: "TCPA: American Samoa is a possession under 47 U.S.C. § 153 (NANP area code 684)",
    },
    Protected {
        region: "MP",
        law: "TCPA: the Northern Mariana Islands are a State under 47 U.S.C. § 153 (NANP area code 670)",
    },
    Protected {
        region: "UM",
        law: "TCPA: the US Minor Outlying Islands are possessions under 47 U.S.C. § 153",
    },
    Protected {
        region: "CA",
        law: "CRTC Unsolicited Telecommunications Rules, Part IV: automatic dialing-announcing \
              devices need the called person's express consent",
    },
];

/// The law that forbids an unconsented artificial-voice call to `region`, if any.
pub fn protecting(region: &str) -> Option<&'static Protected> {
    PROTECTED
        .iter()
        .find(|p| p.region.eq_ignore_ascii_case(region))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_us_state_territory_and_canada_is_protected() {
        for region in ["US", "PR", "GU", "VI", "AS", "MP", "UM", "CA", "pr"] {
            assert!(protecting(region).is_some(), "{region} is not protected");
        }
    }

    #[test]
    fn other_nanp_members_and_the_rest_of_the_world_are_not() {
        for region in ["JM", "BS", "DO", "TT", "ID", "GB", ""] {
            assert!(protecting(region).is_none(), "{region} is protected");
        }
    }
}
