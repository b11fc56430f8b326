//! What each language calls the things espeak-ng reads badly: currencies,
//! months and common abbreviations.

/// Currency signs and how each language names the currency.
pub(super) fn currency_word(language: &str, sign: &str) -> Option<&'static str> {
    let words: &[(&str, &str)] = match sign {
        "Rp" => &[("id", "rupiah"), ("zh", "印尼盾"), ("", "rupiah")],
        "$" | "US$" => &[
            ("id", "dolar"),
            ("ms", "dolar"),
            ("zh", "美元"),
            ("es", "dólares"),
            ("pt", "dólares"),
            ("fr", "dollars"),
            ("de", "Dollar"),
            ("", "dollars"),
        ],
        "€" => &[("id", "euro"), ("zh", "欧元"), ("", "euro")],
        "£" => &[("zh", "英镑"), ("", "pounds")],
        "¥" => &[("zh", "元"), ("", "yen")],
        "RM" => &[("zh", "令吉"), ("", "ringgit")],
        "₫" => &[("vi", "đồng"), ("zh", "越南盾"), ("", "dong")],
        "฿" => &[("th", "บาท"), ("zh", "泰铢"), ("", "baht")],
        "₹" => &[("hi", "रुपये"), ("zh", "卢比"), ("", "rupees")],
        _ => return None,
    };
    words
        .iter()
        .find(|(l, _)| *l == language || l.is_empty())
        .map(|(_, w)| *w)
}

/// The signs [`currency_word`] names, as they are written before an amount.
pub(super) const SIGNS: [&str; 10] = ["US$", "Rp", "RM", "$", "€", "£", "¥", "₫", "฿", "₹"];

const EN_MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const ID_MONTHS: [&str; 12] = [
    "Januari",
    "Februari",
    "Maret",
    "April",
    "Mei",
    "Juni",
    "Juli",
    "Agustus",
    "September",
    "Oktober",
    "November",
    "Desember",
];
const MS_MONTHS: [&str; 12] = [
    "Januari",
    "Februari",
    "Mac",
    "April",
    "Mei",
    "Jun",
    "Julai",
    "Ogos",
    "September",
    "Oktober",
    "November",
    "Disember",
];
const ES_MONTHS: [&str; 12] = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
];
const PT_MONTHS: [&str; 12] = [
    "janeiro",
    "fevereiro",
    "março",
    "abril",
    "maio",
    "junho",
    "julho",
    "agosto",
    "setembro",
    "outubro",
    "novembro",
    "dezembro",
];
const FR_MONTHS: [&str; 12] = [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
];
const DE_MONTHS: [&str; 12] = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
];

/// Each language's month names, January first.
const MONTHS: [(&str, &[&str; 12]); 7] = [
    ("en", &EN_MONTHS),
    ("id", &ID_MONTHS),
    ("ms", &MS_MONTHS),
    ("es", &ES_MONTHS),
    ("pt", &PT_MONTHS),
    ("fr", &FR_MONTHS),
    ("de", &DE_MONTHS),
];

/// Month names for dates, where espeak-ng would read the digits one by one.
pub(super) fn month(language: &str, n: usize) -> Option<&'static str> {
    let (_, table) = MONTHS.iter().find(|(l, _)| *l == language)?;
    table.get(n.checked_sub(1)?).copied()
}

const EN_ABBREVIATIONS: &[(&str, &str)] = &[
    ("Dr.", "Doctor"),
    ("Mr.", "Mister"),
    ("Mrs.", "Missus"),
    ("Ms.", "Miz"),
    ("St.", "Street"),
    ("etc.", "et cetera"),
    ("approx.", "approximately"),
];
const ID_ABBREVIATIONS: &[(&str, &str)] = &[
    ("Jl.", "Jalan"),
    ("Bpk.", "Bapak"),
    ("Ibu.", "Ibu"),
    ("dll.", "dan lain-lain"),
    ("dsb.", "dan sebagainya"),
    ("yg", "yang"),
    ("tdk", "tidak"),
    ("sdh", "sudah"),
    ("kpd", "kepada"),
    ("utk", "untuk"),
    ("dgn", "dengan"),
    ("Yth.", "Yang terhormat"),
];
const MS_ABBREVIATIONS: &[(&str, &str)] = &[
    ("Jln.", "Jalan"),
    ("En.", "Encik"),
    ("Pn.", "Puan"),
    ("dsb.", "dan sebagainya"),
    ("yg", "yang"),
    ("tak", "tidak"),
];
const ES_ABBREVIATIONS: &[(&str, &str)] = &[
    ("Sr.", "Señor"),
    ("Sra.", "Señora"),
    ("Dr.", "Doctor"),
    ("Ud.", "usted"),
    ("etc.", "etcétera"),
];
const PT_ABBREVIATIONS: &[(&str, &str)] = &[
    ("Sr.", "Senhor"),
    ("Sra.", "Senhora"),
    ("Dr.", "Doutor"),
    ("Dra.", "Doutora"),
    ("vc", "você"),
];
const FR_ABBREVIATIONS: &[(&str, &str)] = &[
    ("M.", "Monsieur"),
    ("Mme", "Madame"),
    ("Dr", "Docteur"),
    ("etc.", "et cetera"),
];
const DE_ABBREVIATIONS: &[(&str, &str)] = &[
    ("Hr.", "Herr"),
    ("Fr.", "Frau"),
    ("Dr.", "Doktor"),
    ("z.B.", "zum Beispiel"),
    ("usw.", "und so weiter"),
    ("bzw.", "beziehungsweise"),
];

/// Each language's abbreviations.
const ABBREVIATIONS: [(&str, &[(&str, &str)]); 7] = [
    ("en", EN_ABBREVIATIONS),
    ("id", ID_ABBREVIATIONS),
    ("ms", MS_ABBREVIATIONS),
    ("es", ES_ABBREVIATIONS),
    ("pt", PT_ABBREVIATIONS),
    ("fr", FR_ABBREVIATIONS),
    ("de", DE_ABBREVIATIONS),
];

/// Abbreviations per language, as written (with their dot) and as spoken.
pub(super) fn abbreviations(language: &str) -> &'static [(&'static str, &'static str)] {
    ABBREVIATIONS
        .iter()
        .find(|(l, _)| *l == language)
        .map(|(_, table)| *table)
        .unwrap_or(&[])
}
