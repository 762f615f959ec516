/**
 * The vocabulary of the benchmark's catalogue generator: about 2,000 English words typical of tool
 * descriptions, by part of speech. Each list is one whitespace-separated string to keep the file
 * short; `words()` splits it and drops repeats within the list. A word may sit in two lists (`open`
 * is a verb and an adjective); {@link VOCABULARY} holds each word once.
 */

function words(text: string): readonly string[] {
	return Object.freeze([...new Set(text.trim().split(/\s+/))]);
}

/** Verbs tool names start with (`create_issue`) and descriptions use, in base form. */
export const VERBS = words(`
get list create update delete remove add set find search fetch read write send post put patch query
run execute start stop restart cancel retry schedule enqueue dequeue publish subscribe unsubscribe upload
download import export sync merge split copy move rename archive restore backup clone fork push pull
commit revert tag label assign unassign close open reopen lock unlock approve reject review comment
reply forward share invite join leave mute unmute pin unpin star unstar watch unwatch follow unfollow
like block unblock report flag resolve dismiss acknowledge escalate notify alert remind track monitor
log audit inspect analyze summarize translate transcribe convert format parse validate verify check
test lint compile build deploy release rollback provision scale resize migrate seed reset clear flush
purge prune clean compress decompress encrypt decrypt sign hash encode decode tokenize embed index
rank score sort filter group aggregate count measure calculate compute estimate predict classify detect
extract generate render draw plot chart preview print scan capture record stream play pause resume
skip seek mix edit crop rotate annotate highlight mark bookmark save load refresh reload attach detach
link unlink connect disconnect mount unmount bind register unregister enable disable toggle configure
install uninstall upgrade downgrade lookup geocode route navigate book reserve order purchase pay refund
charge invoice bill transfer withdraw deposit exchange lend borrow grant revoke authorize authenticate
login logout renew extend throttle allow deny crawl scrape browse visit click type hover scroll submit
fill screenshot evaluate inject intercept mock stub replay simulate benchmark profile trace debug
diagnose repair fix heal recover handle wrap describe explain answer ask chat complete suggest
recommend draft compose outline plan retrieve obtain collect gather receive accept decline confirm
broadcast announce append prepend insert replace truncate trim pad concat slice shuffle sample pick
choose view show display hide reveal expand collapse focus blur snooze wake sleep apply map reduce
transform normalize enrich deduplicate reconcile match compare diff rebase squash stash checkout poll
wait ping probe
`);

/** Adjectives and participles descriptions use. */
export const ADJECTIVES = words(`
new old current previous next last first recent latest active inactive open closed pending archived
deleted draft public private internal external shared personal global local remote default custom
optional required primary secondary main temporary permanent available unavailable valid invalid
empty full partial complete incomplete specific generic detailed raw formatted structured
unstructured plain rich large small maximum minimum total average daily weekly monthly yearly hourly
annual realtime historical future upcoming scheduled recurring unique duplicate related linked
nested parent child root relative absolute readable writable executable hidden visible enabled
disabled locked unlocked verified unverified signed encrypted compressed cached stale fresh dirty
unread starred flagged muted pinned favorite popular trending featured recommended sponsored
paid free premium basic standard advanced experimental stable beta deprecated legacy modern native
hybrid mobile desktop online offline synchronous asynchronous batched streaming incremental initial
final successful failed running stopped paused queued blocked critical urgent important minor major
high low medium normal fast slow secure insecure anonymous authenticated authorized administrative
readonly editable searchable sortable filterable paginated ordered unordered sorted random simple
complex human automatic manual visual textual numeric alphabetic binary hexadecimal geographic
financial medical legal scientific academic educational commercial industrial residential
international domestic regional national municipal physical digital virtual fiscal quarterly
seasonal nearby distant north south east west central upper lower inner outer left right top bottom
single multiple several many few whole entire various different similar same equal exact
approximate precise rough estimated actual planned expected unexpected known unknown missing
existing original modified updated created matching corresponding associated respective applicable
allowed forbidden accepted rejected approved denied confirmed cancelled expired renewed
`);

/** Everyday nouns: objects of work, business, travel, media, science and daily life. */
export const NOUNS = words(`
issue repository branch file folder directory document page note task project ticket message email
channel thread conversation comment reply review request response user account profile team member
organization group role permission policy rule setting preference option parameter value field
record row column table sheet spreadsheet workbook cell range chart graph report dashboard metric
event calendar meeting appointment reminder schedule deadline date time duration interval period
contact address phone number name title description summary content text body subject header footer
link image photo picture video audio song track album playlist podcast episode movie show series
article post story feed news headline source author publisher book chapter section paragraph
sentence word phrase language translation dictionary definition synonym quote citation reference
product item order cart checkout payment invoice receipt transaction balance budget expense income
price cost fee tax discount coupon offer deal subscription plan tier license contract agreement
customer client vendor supplier partner employee manager candidate applicant student teacher
course lesson class grade exam assignment homework question answer quiz score result outcome
location place city country region state province street building room floor office store shop
restaurant hotel flight airport train station bus ticketing route trip journey destination
itinerary booking reservation seat gate terminal luggage passport visa weather forecast temperature
humidity wind rain snow storm climate season sunrise sunset tide earthquake volcano river lake
mountain forest park beach island ocean sea map direction distance coordinate latitude longitude
elevation altitude area population census election vote candidate party government law regulation
court case lawsuit patent trademark copyright complaint claim appeal verdict judge lawyer
patient doctor hospital clinic diagnosis symptom treatment medication prescription dose allergy
vaccine disease condition therapy trial study experiment hypothesis sample specimen gene protein
molecule compound element reaction formula equation theorem proof matrix vector polynomial integral
derivative function variable constant factor ratio percentage fraction sum product difference
quotient average median mode variance deviation distribution probability statistic estimate
forecasting trend pattern anomaly outlier signal noise frequency amplitude wave spectrum energy
power voltage current resistance battery charge device sensor camera microphone speaker display
screen keyboard mouse printer scanner router switch cable antenna satellite vehicle car truck
bike engine fuel mileage speed acceleration parking garage driver passenger ride delivery package
shipment parcel warehouse inventory stock supply demand shelf barcode label sku catalogue brand
category collection bundle variant size color weight height width length depth volume capacity
unit currency rate exchange market stock share bond fund portfolio asset liability equity dividend
yield interest loan mortgage credit debit card bank branch atm wallet crypto coin token ledger
block chain wallet miner gas fee holder whale recipe ingredient meal dish menu calorie nutrient
diet allergy kitchen oven grocery restaurant reservation table waiter game player match tournament
league team season score goal referee stadium ticket fan coach athlete workout exercise routine
step heart sleep habit mood journal diary note memory idea goal milestone objective priority status
progress phase stage step workflow pipeline process procedure instruction guide tutorial manual
handbook template example sample draft version revision history change diff patch release note
feedback rating survey poll response form entry submission application ticketing queue backlog
sprint epic story estimate velocity board lane column card checklist todo reminder alarm timer
clock stopwatch countdown holiday vacation birthday anniversary party invitation guest host venue
concert festival exhibition museum gallery artwork painting sculpture artist genre style theme
font layout design mockup wireframe prototype component icon logo banner color palette gradient
shadow border margin padding animation transition slide presentation deck speaker audience talk
webinar workshop seminar conference session agenda minute decision action owner stakeholder
sponsor investor startup company business industry sector economy inflation unemployment wage
salary bonus payroll benefit insurance premium policyholder claimant coverage deductible risk
incident outage alert alarm notification warning error exception failure bug defect crash fault
stack frame line column offset position cursor selection clipboard window tab pane panel sidebar
toolbar menu button dialog modal popup tooltip notification badge avatar thumbnail gallery carousel
slider toggle checkbox radio dropdown input output argument flag switch mode level layer stage
scene camera light material texture mesh model shape polygon vertex edge face surface curve point
line circle square triangle rectangle grid tile pixel resolution aspect ratio frame rate bitrate
codec container subtitle caption transcript lyric chord melody rhythm tempo beat note instrument
guitar piano drum voice singer band orchestra composer listener viewer reader subscriber follower
friend family parent child sibling neighbor community forum board topic tag hashtag mention emoji
reaction like share bookmark favorite highlight annotation sticker gift reward point badge level
achievement leaderboard rank streak challenge mission quest inventory character skill ability
weapon armor spell potion monster enemy boss dungeon world server realm guild clan alliance trade
auction bid listing seller buyer marketplace review rating complaint refund return warranty repair
appointment technician service maintenance inspection permit zoning property lease tenant landlord
rent deposit utility electricity water heating plumbing roof window door wall floor garden plant
tree flower seed soil fertilizer harvest crop farm animal pet dog cat horse bird fish species habitat
ecosystem pollution emission carbon footprint recycling waste energy solar wind nuclear coal oil
agency airline ambulance apartment appliance archive arena assembly attachment attendance auditor
bakery ballot bargain basket battery bedroom beverage bicycle billboard biography
blanket blueprint boarding boundary bracket bridge brochure campaign campus candidate
canvas capital caption cargo carrier cartridge cashier castle catalog ceiling cemetery ceremony
certificate chamber champion charity charter chemistry chip circuit citizen classroom clause clerk
cloud coast collector college column commodity commute compass competitor concept console consumer
contestant continent contractor convention cookie corridor cottage council counter county coupon
courier credential crew crossing cruise cuisine curriculum cushion cycle dam database deadline dealer
debate debt decade degree delay dentist department departure deposit desert desk detail dialect
diameter diploma disaster discount district dividend dock documentary domain donation donor draft
drawer dresser earnings edition editor election embassy emergency employer enrollment envelope
episode equipment estate evidence exhibit expedition expert export facility faculty fare feature
ferry fiction filter finance fleet flight flood flyer formula fountain fraction franchise freight
fridge frontier furniture gadget galaxy garage gateway generation genome geology glacier grant
graph greeting guarantee guideline habitat hardware harbor headquarters heritage highway hobby
household hypothesis identity import income index infrastructure inn inquiry insight inspector
installment institute instructor insurer interview invention investment island itinerary jacket
journalist junction jury keyword kiosk laboratory landmark laptop lecture legend lender library
lifestyle lighthouse liquidity literature loan lobby locker logistics lottery lounge luxury
magazine mailbox mall manuscript manufacturer marathon margin mayor meadow mechanic media mentor
merchant microscope mileage ministry mission monument mortgage motel motorcycle municipality
mural museum narrative navigation negotiation network newsletter nomination notebook novel nurse
occupation opponent orbit orchard outlet overview packaging pamphlet parade parliament passage
pasture pavilion pedestrian pension pharmacy philosophy physician pilot pipeline planet platform
playground plaza poem portal portrait poster pottery poverty precinct premiere prescription
president prize producer profession professor profit program prospect protest province
publication pump puzzle quarter quota railway ranch reactor realtor receptionist refinery
reservoir resident resort retailer retirement revenue ridge ritual rocket roster runway
salon sanctuary satellite savings scholarship scientist screenplay script sculpture seminar
senator sequence shelter shipyard shortcut shuttle signature simulator skyline smartphone
software souvenir spacecraft specialist sponsor stadium statue storefront strategy studio
suburb subway suite supermarket surgeon surgery symposium syllabus tablet tariff telescope
tenant territory textbook theater thesis toll tourism tourist tower township tractor trademark
traffic trailer transit treasury tribunal tuition tunnel turbine tutor umbrella university
upgrade vaccine valley vendor venue verdict veteran village vineyard visitor vocabulary volunteer
voucher wagon warehouse waterfall website wedding wholesale wildlife winery workshop zoo
`);

/** Technical terms: software, data, cloud, security and AI. */
export const TECH_TERMS = words(`
api endpoint url uri http https request header cookie session token jwt oauth scope secret key
credential password passphrase certificate ssl tls ssh gpg signature hash checksum digest nonce
salt cipher encryption decryption firewall proxy vpn dns domain subdomain hostname ip ipv4 ipv6
port socket websocket protocol tcp udp grpc graphql rest soap json xml yaml toml csv tsv markdown
html css javascript typescript python rust golang java kotlin swift ruby php perl scala haskell
elixir clojure lua bash shell powershell terminal console command script cli sdk library package
module dependency framework runtime interpreter compiler bytecode binary executable artifact
container docker image registry kubernetes cluster node pod deployment replica service ingress
namespace helm chart manifest operator controller scheduler cron job worker queue broker topic
partition offset consumer producer kafka rabbitmq redis memcached cache database schema migration
index primary foreign constraint transaction cursor query sql nosql postgres mysql sqlite mongodb
cassandra dynamodb elasticsearch opensearch bigquery snowflake redshift warehouse lake lakehouse
etl dataset dataframe parquet avro arrow bucket object blob storage volume disk snapshot backup
replication shard partitioning sharding failover loadbalancer cdn edge region zone availability
latency throughput bandwidth uptime downtime sla slo metric log trace span telemetry observability
prometheus grafana datadog sentry opentelemetry alerting incident pager oncall runbook playbook
terraform ansible puppet chef pulumi cloudformation aws azure gcp lambda serverless function
webhook callback event listener handler middleware router controller model view template
component prop state hook reducer store action dispatcher selector context provider renderer
dom element attribute node tree graph vertex edge adjacency heap stack queue array list map set
dictionary hashmap tuple record struct enum interface class object instance method property getter
setter constructor closure promise future async await thread process fork mutex semaphore lock
deadlock race condition garbage collector allocator pointer reference buffer stream pipe channel
descriptor inode filesystem path symlink permission chmod owner uid gid umask mountpoint partition
kernel driver firmware bios bootloader os linux windows macos android ios browser chrome firefox
safari extension plugin addon theme widget applet bot agent assistant copilot llm gpt model prompt
completion embedding vector retrieval rag chunk tokenizer transformer attention encoder decoder
inference training finetuning dataset label annotation classifier regression clustering
recommendation ranking relevance precision recall accuracy loss gradient optimizer epoch batch
checkpoint weight bias neuron layer activation dropout convolution pooling lstm gan diffusion
sampling temperature context window hallucination guardrail moderation evaluation benchmark
leaderboard notebook jupyter kernel cell widget visualization plot histogram scatter heatmap
github gitlab bitbucket jira confluence slack discord teams zoom notion trello asana linear figma
miro dropbox drive onedrive sharepoint gmail outlook calendar spotify youtube twitter reddit
linkedin instagram facebook tiktok twitch stripe paypal shopify salesforce hubspot zendesk intercom
twilio sendgrid mailchimp airtable supabase firebase vercel netlify heroku cloudflare openai
anthropic huggingface wikipedia arxiv pubmed openstreetmap
commit branch merge pullrequest rebase tag release changelog semver version diff patch hunk blame
lint formatter prettier eslint biome typecheck unittest fixture mock stub coverage ci cd pipeline
runner workflow action artifact cachekey matrix environment variable secretstore vault kms iam
rbac acl sso saml ldap mfa otp captcha ratelimit quota throttling pagination cursorid etag
idempotency retrypolicy backoff timeout deadline circuitbreaker healthcheck readiness liveness
sidecar mesh istio envoy nginx apache caddy traefik haproxy certbot letsencrypt
`);

/** Function words that glue descriptions together; not part of {@link VOCABULARY}. */
export const FUNCTION_WORDS = words(`
the a an of to for with in on from by and or as at into that this its your their when if
`);

/** Every content word once, in list order: verbs, adjectives, nouns, technical terms. */
export const VOCABULARY: readonly string[] = Object.freeze([
	...new Set([...VERBS, ...ADJECTIVES, ...NOUNS, ...TECH_TERMS]),
]);
