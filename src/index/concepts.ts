/**
 * The built-in concept map: common tool domains and the everyday words people use for them. A
 * query word of a domain also searches for the domain's other words at reduced weight
 * (`concepts.weight`), so "will it rain" reaches a tool that says "weather forecast".
 *
 * Written from general knowledge of what agents' tools do, domain by domain, following the
 * categories of public MCP server directories (communication, calendars, files, developer tools,
 * cloud, databases, finance, commerce, travel, maps, weather, media, documents, knowledge, health,
 * home automation, …), not from any benchmark's queries. Words are single words; they pass through
 * `tokenize`, so case, plurals and common suffixes do not matter. A word may sit in several domains.
 * Actions that apply in every domain (get, make, show, find, send, convert, delete, move, share)
 * belong to none: they would link everything.
 */
const DOMAINS = {
	// Communication.
	email:
		"mail inbox unread gmail outlook message reply forward attachment cc bcc sender recipient subject draft newsletter",
	chat: "message messaging slack discord teams telegram whatsapp channel dm conversation thread chat text texting sms imessage signal",
	phone: "call calling phone dial voicemail sms text texting twilio number ring",
	contacts: "contact address phonebook person people colleague friend crm directory",
	notification: "notify notification alert remind reminder ping push alarm",
	meeting: "meeting call zoom meet conference video webex invite attendee agenda standup",

	// Time and planning.
	calendar:
		"calendar event meeting appointment schedule booking agenda availability free busy slot invite rsvp",
	time: "time clock timezone date utc gmt daylight offset",
	timer: "timer stopwatch countdown alarm",
	task: "task todo checklist reminder project kanban board backlog ticket assignee deadline due",
	note: "note notes notebook memo jot journal diary obsidian notion evernote remember memory",

	// Files and documents.
	file: "file folder directory path disk drive storage filesystem",
	document: "document doc docx word pdf page paragraph text report letter",
	pdf: "pdf acrobat page merge split",
	spreadsheet: "spreadsheet excel sheet workbook xlsx csv cell row column formula tab",
	presentation: "presentation slide slides deck powerpoint pptx keynote pitch",
	archive: "archive zip unzip compress tar gzip",
	diagram: "diagram chart graph flowchart plot visualization visualize mermaid draw mindmap",
	cloudstorage: "drive dropbox onedrive box bucket upload storage",

	// Developer tools.
	code: "code source codebase function class symbol definition reference grep snippet refactor lint",
	git: "git github gitlab bitbucket repository repo commit branch merge pull pr diff checkout clone push rebase",
	issue: "issue bug ticket jira linear tracker report defect",
	cicd: "ci cd pipeline build deploy deployment workflow action release job",
	package: "package npm pypi library dependency module version install maven crate gem vulnerability",
	container: "docker container image kubernetes pod cluster helm compose",
	cloud: "cloud aws azure gcp server instance vm lambda function serverless region",
	database: "database db sql query table row record postgres mysql sqlite mongodb redis schema",
	api: "api http request endpoint rest graphql json webhook curl",
	terminal: "terminal shell command bash cli console run execute script process",
	process: "process program app application cpu memory ram kill running pid task",
	test: "test tests testing unit spec coverage assert failing",
	log: "log logs logging error exception trace monitoring metric alert incident uptime sentry datadog",
	security: "security vulnerability cve exploit scan audit password secret credential leak malware risk",
	network: "network ip dns domain whois ping port ssl certificate url host",
	docs: "documentation docs manual reference guide tutorial example readme api wiki",
	ui: "component ui frontend react button table form css design figma layout",

	// Web and knowledge.
	web: "web website webpage page url link browse browser internet online site html scrape crawl",
	search: "search google bing duckduckgo lookup query",
	browser: "browser chrome playwright puppeteer click navigate screenshot tab form",
	encyclopedia: "wikipedia wiki encyclopedia article biography history fact",
	research: "paper research arxiv pubmed scholar study journal citation publication preprint academic",
	news: "news headline article breaking latest election politics press hackernews",
	dictionary: "dictionary definition define meaning word synonym spelling",
	translation: "translate translation language english spanish french german japanese chinese",
	memory: "memory remember recall knowledge graph entity fact note forget",

	// Money.
	stock:
		"stock share ticker equity market nasdaq nyse price quote dividend earnings portfolio invest investment kospi kosdaq dax ftse nikkei",
	crypto: "crypto cryptocurrency bitcoin btc ethereum eth coin token wallet blockchain defi",
	currency: "currency exchange rate forex dollar euro pound yen usd eur gbp money",
	payment: "payment pay paypal venmo stripe transfer money invoice refund charge bill",
	bank: "bank account balance transaction statement spending spend expense deposit withdraw card credit debit savings",
	finance: "finance financial loan mortgage interest compound tax salary budget investment retirement",
	commodity: "gold silver oil commodity metal ounce",

	// Commerce and services.
	shopping:
		"shop shopping buy purchase order cart checkout product store amazon price deal discount stock inventory",
	delivery: "delivery deliver shipping ship parcel package tracking courier order",
	food: "food restaurant meal dinner lunch breakfast eat takeout delivery recipe cook cooking dish cuisine menu",
	recipe: "recipe cook cooking ingredient dish bake meal",
	booking: "book booking reserve reservation appointment availability table ticket",
	realestate: "house home apartment rent rental property listing real estate airbnb landlord",
	job: "job career hiring hire recruit resume cv candidate interview salary employee hr",
	support: "support customer help agent human representative ticket complaint refund",

	// Travel and places.
	travel: "travel trip vacation holiday itinerary tourist tour journey visit",
	flight: "flight fly airline airport plane boarding",
	hotel: "hotel lodging accommodation stay room airbnb hostel",
	transport: "train bus metro subway transit ride taxi uber lyft car rental drive driving commute",
	map: "map location place address geocode coordinate latitude longitude nearby near around city street poi",
	route: "route direction directions distance navigate navigation travel drive walk far commute eta traffic",
	weather:
		"weather forecast temperature rain raining snow sunny cloudy wind humidity humid precipitation storm hot cold warm umbrella uv climate",
	air: "air pollution quality aqi smog pollen",

	// Media.
	image: "image picture photo pic png jpg jpeg screenshot camera ocr",
	imagegen: "generate draw drawing paint illustration art artwork dalle midjourney diffusion",
	video: "video youtube clip movie film stream watch transcript subtitle caption",
	music: "music song track album artist playlist spotify audio play tempo beat bpm melody",
	audio: "audio sound voice speech wav record recording transcribe transcription tts",
	volume: "volume loud louder quiet mute speaker",
	entertainment: "movie film tv show series episode actor cinema streaming netflix",
	book: "book author novel isbn library",
	game: "game gaming play player score chess steam videogame card esports league champion",
	sport: "sport sports team match game score league player football soccer basketball nba nfl tennis",
	social: "twitter tweet post linkedin facebook instagram reddit social follower",

	// Science, health and everyday maths.
	math: "math calculate calculation calculator compute arithmetic percent percentage sum equation formula solve",
	unit: "unit conversion mile kilometer km meter foot inch pound kilogram kg celsius fahrenheit liter gallon",
	geometry: "geometry area circle square triangle radius diameter volume perimeter",
	random: "random dice die roll coin flip shuffle pick chance lottery",
	statistics: "statistics mean median average standard deviation probability distribution regression",
	health: "health medical doctor physician clinic hospital symptom disease diagnosis patient clinical trial",
	drug: "drug medication medicine pill dose prescription pharmacy side effect",
	fitness: "fitness exercise workout steps calorie calories weight bmi diet nutrition",
	science: "science chemistry chemical physics biology gene protein molecule element",
	space: "space astronomy planet star nasa moon sun solar orbit",

	// Home and devices.
	smarthome:
		"home smart light lights lamp thermostat heating ac temperature device appliance switch plug homeassistant",
	device: "device battery bluetooth wifi screen brightness volume printer",

	// Culture, society and the world.
	art: "art museum painting painter artwork artist gallery exhibition sculpture collection masterpiece",
	history: "history historical war century empire ancient dynasty era",
	geography: "geography country capital population continent river mountain border",
	law: "law legal court case lawsuit attorney lawyer statute regulation contract judge",
	education: "education school university college course student grade exam homework learn lesson",
	government: "government public census agency official dataset",
	astrology: "astrology horoscope zodiac fortune birth chart",
	animal: "animal pet dog cat species wildlife bird",
	plant: "plant garden gardening tree flower seed",
	vehicle: "vehicle car engine mpg fuel emission mileage",
	energy: "energy electricity solar power carbon emission renewable",
	insurance: "insurance policy premium claim coverage deductible",
	tax: "tax taxes irs deduction refund income",
	trending: "trending trend popular viral hot ranking top",
	marketing: "marketing seo keyword campaign ads advertising analytics audience meta tag",
	icon: "icon icons svg logo emoji symbol",
	thinking: "think thinking reasoning reflect brainstorm mindmap",

	// Text.
	text: "text string word character format regex",
	summary: "summary summarize summarise tldr brief short overview",
	sentiment: "sentiment emotion positive negative opinion review tone",
	writing: "write writing draft essay proofread grammar spelling rewrite",
} as const satisfies Record<string, string>;

/**
 * The names of the built-in concept domains (`"email"`, `"calendar"`, `"weather"`, …).
 *
 * @example
 * ```ts
 * const domain: BuiltInConceptDomain = "weather";
 * BUILT_IN_CONCEPTS[domain]; // ["forecast", "temperature", "rain", …]
 * ```
 */
export type BuiltInConceptDomain = keyof typeof DOMAINS;

/**
 * The built-in concept map (see the module comment): domain → its words. Frozen.
 *
 * @example
 * ```ts
 * BUILT_IN_CONCEPTS.weather.includes("rain"); // true
 * const index = new ToolSearchIndex({ concepts: { domains: { ...BUILT_IN_CONCEPTS, crm: ["lead", "deal"] } } });
 * ```
 */
export const BUILT_IN_CONCEPTS: Readonly<Record<BuiltInConceptDomain, readonly string[]>> = Object.freeze(
	Object.fromEntries(
		Object.entries(DOMAINS).map(([domain, words]) => [domain, Object.freeze(words.split(" "))]),
	) as Record<BuiltInConceptDomain, readonly string[]>,
);
