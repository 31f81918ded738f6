import { COMMON_PASSWORD_MESSAGE } from '@ctn/contracts/validation';
import { validationError } from '../../lib/app-error';
/**
 * Passwords that pass our rules (8-128 characters; reset and change also need upper, lower,
 * digit and one of @$!%*?&) and are still among the first an attacker tries. Compared
 * case-insensitively after NFKC normalisation (full-width letters fold to ASCII).
 *
 * BREACHED: the entries of 8 characters or more among the 10,000 most common passwords of a
 * public 10-million-password breach compilation (SecLists, "10-million-password-list-top-10000",
 * MIT), in their order of frequency, with offensive words left out.
 * MANGLED: what every cracking rule set tries first on those: a capital, a digit or a year and
 * one special character (the shape our rules ask for).
 * BASE_WORDS: words that make a password guessable whatever digits and specials surround them
 * (the most common breach words, keyboard walks, months and seasons, and our own context:
 * the product, the exchange, the coin), as NIST SP 800-63B asks of a blocklist.
 */

const BREACHED = `
password 12345678 123456789 baseball football qwertyuiop 1234567890 superman 1qaz2wsx trustno1
jennifer sunshine iloveyou starwars computer michelle 11111111 princess 987654321 corvette
1234qwer 88888888 q1w2e3r4t5 internet samantha whatever maverick steelers mercedes 123123123
qwer1234 hardcore q1w2e3r4 midnight bigdaddy victoria 1q2w3e4r cocacola marlboro asdfasdf
87654321 12344321 jordan23 jonathan liverpoo danielle abcd1234 scorpion qazwsxedc password1
slipknot qwerty123 startrek 12341234 asdfghjkl qwertyui liverpool dolphins nicholas elephant
mountain xxxxxxxx 1q2w3e4r5t metallic benjamin creative rush2112 asdfghjk 4815162342 passw0rd
1qazxsw2 garfield 01012011 69696969 december 11223344 godzilla airborne lifehack brooklyn
platinum darkness blink182 789456123 12qwaszx snowball pakistan redwings williams nintendo
guinness november minecraft asdf1234 lasvegas babygirl 12121212 147258369 explorer snickers
metallica alexande paradise michigan carolina lacrosse christin kimberly kristina poohbear
qweasdzxc drowssap caroline einstein 1232323q champion svetlana westside courtney 12345qwert
patricia aaaaaaaa anderson security stargate simpsons scarface 123456789a 1234554321 cherokee
veronica semperfi scotland marshall qwerty12 98765432 softball passport franklin alexander
55555555 zaq12wsx infinity kawasaki 77777777 vladimir freeuser wildcats budlight brittany
00000000 bulldogs swordfis patriots pearljam colorado ncc1701d motorola logitech juventus
wolverin warcraft hello123 peekaboo 123654789 panthers elizabet spiderma virginia valentin
predator mitchell 741852963 1111111111 rolltide changeme lovelove fktrcfylh loverboy chevelle
cardinal michael1 147852369 american alexandr electric wolfpack spiderman darkside 123456789q
01011980 freepass fyfcnfcbz airplane 22222222 1029384756 billybob lawrence chocolat business
cjkysirj 123qweasd stingray serenity greenday charlie1 firebird blizzard a1b2c3d4 sterling
password123 tarheels basketball zeppelin swimming pavilion engineer bobafett 21122112 icecream
hellfire fireball rockstar defender swordfish airforce abcdefgh srinivas bluebird presario
wrangler precious harrison goldfish soso123aljg dbrnjhbz thailand longhorn 123qweasdzxc wordpass
31415926 999999999 letmein1 assassin testtest microsoft devildog valentina butterfly lonewolf
babydoll atlantis angelina hotstuff mistress deftones cadillac blahblah birthday 1234abcd
01011990 qazwsx123 mustang1 goldberg 12345678910 wolfgang savannah leonardo basketba cristina
aardvark sweetpea 13131313 freedom1 fredfred manchester kathleen hamilton renegade drpepper
1qaz2wsx3edc christia buckeyes 0123456789 stephani enterpri diamonds morpheus 66666666 thuglife
napoleon highland chandler trfnthbyf consumer welcome1 123qwe123 wrinkle1 51505150 11235813
butterfl elizabeth sherlock marathon trombone isabelle barcelona babylon5 ultimate superfly
campbell geronimo concrete q1w2e3r4t5y6 jessica1 123454321 portugal sundance pleasure seminole
isabella 14789632 qazxswedc kingkong adgjmptw 1123581321 alejandr bluemoon bonehead ghbdtnbr
stallion personal morrison aleksandr rhbcnbyf lollipop fernando christian werewolf punkrock
giovanni cdtnkfyf tottenha hongkong a1234567 zzzzzzzz hollywoo florence gn56gn56 stocking
matthew1 immortal 44444444 makaveli sebastia charlott anthony1 111222333 satan666 columbia
infantry eternity waterloo vanhalen skywalke seinfeld qazwsxed wolverine musicman megadeth
verbatim 1q2w3e4r5t6y twilight stardust showtime 147896325 skittles shaney14 qwerty12345
123321123 intrepid sandiego punisher 1234567a 192837465 starcraft mushroom blackdog 25802580
slapshot ekaterina 123698745 1234512345 warriors raistlin coltrane 1a2b3c4d 19841984 12369874
stranger mailcreated5240 halflife qwerasdf playtime kangaroo panasonic christine beautiful
meridian lonestar kittycat goodluck barcelon scoobydo crusader 12312312 hannibal guardian
catalina 1122334455 californ angelica william1 stonecol septembe scarlett santiago lowrider
anastasia vacation sithlord ragnarok keyboard 19921992 11112222 penguins nuttertools lorraine
dkflbvbh titleist rootbeer magnolia dodgeram aspirine socrates munchkin mersedes qqqqqqqq
redalert blueeyes zaq1xsw2 sebastian research national colombia 01012001 rammstein katerina
freckles caliente qazwsxedcrfv oblivion mustangs margarita deadhead zxcv1234 porkchop grateful
formula1 a1s2d3f4 23232323 peterpan martinez justdoit goodtime alexandra thankyou springer
software sapphire richmond kingston brucelee thunder1 plymouth mariners heather1 chelsea1
123456qwerty spectrum pineappl labrador 1234567890q 10101010 stephanie commando amsterdam
webmaster fletcher thompson aquarius starfish monopoly infiniti blackjac 8j4ye3uz 19871987
0000000000 sailboat richard1 emmanuel cosworth 19891989 rosemary lightnin chevrole catherin
qwerty123456 01011991 spartans luckydog 15426378 snuggles qwertyuio ihateyou beefcake 111111111
whocares scooter1 doberman 5555555555 terminator oklahoma ncc1701a keystone clarence 19751975
pa55word golfball doughboy charlotte achilles patrick1 gateway1 cowboys1 9876543210 vkontakte
phillies jeremiah dilligaf 19851985 vfrcbvrf technics september pinkfloy maryland kentucky
hastings frederic agent007 19911991 01011985 somethin porsche9 hurrican california bearbear
73501505 microlab flamingo function enterprise 19941994 19781978 01011970 truelove meatball
syracuse military macdaddy diamond1 warhammer universe sentinel kamikaze manchest handsome
dthjybrf designer australia 321654987 1qaz1qaz 01011981 pokemon1 19861986 01011986 superstar
ssssssss rjirfrgbde meatloaf lifetime jamesbon 123456789z woofwoof turkey50 rfnthbyf front242
apollo13 lancelot bigmoney azsxdcfv crazybab charlton 19931993 19901990 poiuytrewq passwort
japanese 21212121 wildfire microsof chocolate chickens arsenal1 19831983 happyday aberdeen
19951995 13243546 123456aa treasure theodore raiders1 gretchen ericsson albatros 1passwor
zxcasdqwe sojdlg123aljg mikemike michaela jackson1 excalibu 78945612 trinidad greenbay greatone
fordf150 applepie 963852741 18436572 lisalisa hardrock dinosaur columbus pa55w0rd hollywood
hellyeah melissa1 kcj9wx5n hyperion happy123 gotohell football1 february abc12345 609609609
yosemite roadkill kingfish billyboy 1qa2ws3ed 123789456 tunafish saratoga robotech rasputin
rangers1 passwords p0015123 nwo4life megapass hedgehog davidson 20102010 12131415 vladislav
translator splinter richards karolina 789789789 killbill magicman 01011989 wrestlin tommyboy
sherwood passpass pass1234 majestic crawford asdasdasd umbrella salvador cinnamon chester1
broadway 01011988 underdog sunnyday snoopdog multiplelo jasmine1 catherine chainsaw chemical
canadian brighton australi alliance 19721972 19691969 supersta snowboar r2d2c3po mechanic
mamapapa golfgolf ghjcnjnfr downtown christopher chicken1 bullseye 20002000 skorpion saturday
peterson meredith lkjhgfdsa blackhaw backdoor westwood sneakers marino13 jamesbond getmoney
boomboom beerbeer apple123 01011987 01011984 undertaker samsung1 moneyman mmmmmmmm marianne
gargoyle federico amsterda 1x2zkg8w 19881988 19741974 zerocool vfvfgfgf test1234 idontknow
hahahaha a123456789 19731973 03082006 02071986 vfhufhbnf motherlode lokomotiv kristine goldstar
christina chrisbln america1 20012001 12345678q whitesox titanium thursday thirteen tazmania
starfire qwerqwer qazwsx12 panasoni paintbal newcastl buckshot babyblue attitude 10203040
01011910 sunflowe solution godfather clarinet 12345679 tomorrow southpark sersolution rhfcjnrf
qwerty1234 paintball montgom240 johannes gesperrt francois dkflbckfd dfktynbyf christie callaway
19821982 19811981 12qw34er 123qwerty salamander resident poseidon pianoman chuckles avalanch
1q2w3e4r5 superman1 rockford qwertyqwerty meowmeow meathead budweise 19411945 14725836 01091989
01011992 gladiator crjhgbjy barefoot 25252525 02071982 zxcvbnm1 viewsonic traveler together
spongebob original medicine juliette james007 hawkeyes cerberus 135792468 12345qwe 01234567
01011975 zxasqw12 terrapin something monalisa gfhjkm123 francesc clevelan 123456654321 01011993
tttttttt smeghead moonlight megatron casanova blackjack blablabla bbbbbbbb 12301230 syncmaster
rhiannon lightning dddddddd bookworm babybaby aleksandra 19961996 19791979 02091987 02021987
thegreat packers1 newpass6 dutchess alphabet 19801980 02081988 02051986 02041986 02011985
01011977 roadrunn rjycnfynby rhtdtlrj mortgage goldwing christmas andromeda adrienne 12345678a
12011987 02101985 02031986 02021988 wrestling tinkerbell teddybea shannon1 mortimer madison1
handyman ghostrider doghouse 24682468 02061985 02011987 realmadrid nokia6300 idontkno gameover
chicago1 blackbir bcfields 1357924680 02091986 02021986 01011983 whiskers valkyrie talisman
starcraf sporting spaceman southpar inuyasha babyface 7ugd5hip2j 02081987 02081984 02061986
02021984 01011982 strength qweqweqwe playstation recovery leavemealone dragonball checkers
charlene baseball1 beautifu 02031984 02021985 thedoors sullivan stanford mollydog illinois
ghblehjr gamecube armagedon alexalex 987456321 21031988 123qq123 1234567890a 02081989 02011986
01020304 01011999 wishbone matthews mandarin lalalala gabriela ffffffff bluefish 19771977
19761976 02061989 02041984 teddybear tottenham tiberius silverad northern microphone dirtbike
deadpool carpedie asdfzxcv amateurs absolute 02021983 vampires shanghai property password2
hawaiian gfhjkmgfhjkm fyutkbyf caligula blackout 15151515 123456qw 1234567891 02051983 02041983
02031987 02021989 z1x2c3v4 vsjasnel12 testpass stonecold soulmate q2w3e4r5 millions lineage2
friendly fgtkmcby criminal coldbeer capslock bullfrog bobdylan babylove argentina annabell
11221122 02081986 02041988 02041987 02041982 02011988 yeahbaby vasilisa sergeant reynolds
newyork1 magazine llllllll katherine jayhawks fishing1 dragon12 abnormal 09876543 02101984
02081985 02071984 02011980 01011979 wg8e3wjf salasana rebecca1 pringles preacher heineken
gatorade gabriell ferrari1 eldorado coolness 14141414 02021982 thunderb telephon specialk
shepherd paranoid missouri masamune mamamama hopeless farscape estrella eastwood dragonba
crystal1 corleone chevrolet carlitos buttercu buddyboy 24242424 12365478 02061988 02031985
yfcntymrf winston1 slippery sandwich piramida monkey12 millwall magician jackson5 insomnia
hardware elizaveta fountain fastball alejandro 1234asdf 02081982 02051982 windsurf wildcard
universal sunflower strawberry reddevil polopolo pinkfloyd panther1 islander inspiron green123
cristian 1a2s3d4f 123456qwe 02061980 02031982 02011984 zaqxswcde washington violetta smashing
robotics rjhjktdf reckless nightmare killkill katherin jellybea hhhhhhhh gandalf1 doomsday
download devil666 darklord chrysler augustus ashleigh 9293709b13 20202020 02091983 02061987
01081989 yjdsqgfhjkm snowboard qazwsxedc123 pharmacy nevermind mariposa jakejake insanity
graphics geoffrey firewall fandango 321321321 12051988 05051987 02101989 02101987 02071987
02071980 02041985 sweetnes stanislav radiohea pumpkins mobydick longjohn iverson3 istanbul
highheel happiness concorde 19711971 134679852 02091984 02091981 02091980 02061983 02041981
01011900 webhompas thisisit spongebo sausages pineapple nygiants moonbeam marcello maksimka
loveless lollypop kleopatra katarina icehouse hooligan gertrude fullmoon dynamite bulldog1
brittney aviation 22041987 20022002 05051985 02081977 02071988 02051988 02051987 02041979
webmaste platypus radiohead monkeybo master12 good123654 evolution earnhard cccccccc 26061987
15051981 08031986 02061984 02061982 02051989 02051984 02031981 woodland whiteout vanguard
temppass 7894561230 21031987 13041988 11051987 10011986 06061986 02091985 02021981 02021979
01031988 summer99 starstar snowflak slamdunk playboy1 michael2 mephisto kkkkkkkk kjrjvjnbd
killer12 iloveyou2 holidays harrypotter gorgeous dudedude 02101986 02081983 02041989 02011989
01011978 zxcvbnm123 volkswag scoobydoo roadster presiden pool6123 playstat pipeline mypassword
mazdarx7 lemonade krasotka koroleva irishman hawaii50 francesco freefree christma chipmunk
brigitte bigblock bergkamp bearcats 74108520 45m2do5bs 30051985 24061986 22021989 21011989
20061988 1z2x3c4v 14061991 13041987 12021988 11081989 03041991 02071981 02031979 02021976
01061990 01011960 yankees2 wireless starligh register nascar24 mudvayne mazda626 kisskiss
gbhfvblf freebird fantasia comanche choochoo borabora asdfgh01 alessandro abrakadabra 7777777777
23456789 23041987 19701970
`;

const MANGLED = `
password1! password1@ password1# password123! password123@ password@123 password@1234 p@ssw0rd
p@ssw0rd1 p@ssw0rd! p@ssw0rd123 p@ssword p@ssword1 p@ssword! p@ssword123 passw0rd! passw0rd1!
passw0rd@ pa$$word pa$$w0rd pa$$word1 pa$$word! qwerty123! qwerty@123 qwerty1! qwerty12!
qwerty@1234 welcome1! welcome@1 welcome@123 welcome123! admin@123 admin123! admin@1234
administrator1! abc@1234 abcd@1234 abcd1234! abc@12345 abc123!@# aa123456! aa@123456 aa123456@
a1234567! a@123456 iloveyou1! iloveyou@1 letmein1! letmein@1 changeme1! changeme@1 test@123
test@1234 test1234! pass@123 pass@1234 pass@word1 hello@123 hello123! india@123 qwer@1234
qwer1234! zaq12wsx! zaq1@wsx 1qaz@wsx 1qaz!qaz !qaz2wsx !qaz@wsx 1qaz2wsx! 2wsx#edc asdf@1234
asdf1234! zxcv@1234 zxcvbnm1! 1q2w3e4r! 1q2w3e4r@ 1q2w3e4r5t! q1w2e3r4! q1w2e3r4t5! summer2024!
summer2025! summer2026! winter2024! winter2025! spring2025! monkey123! dragon123! sunshine1!
princess1! football1! baseball1! superman1! trustno1! master123! 1234qwer! qwerty123$
welcome2024! welcome2025! welcome2026! password2024! password2025! password2026!
`;

const BASE_WORDS = `
pass passwd password passcode login admin administrator root user guest test tester testing demo
default welcome letmein changeme secret private hello love lovely iloveyou loveme master qwerty
qwer qwert qwertz qwertyu azerty asdf asdfg asdfgh zxcv zxcvb zxcvbn zxcvbnm qaz qazwsx zaqwsx
qweasd qweasdzxc qwe asd zxc abc abcd abcde abcdef abcdefg aaa aaaa dragon monkey shadow mustang
michael qazxsw qwaszx killer jordan hunter buster soccer harley batman andrew tigger charlie
robert thomas hockey ranger daniel george pepper jessica freedom maggie ginger joshua cheese
amanda summer winter spring autumn fall ashley nicole chelsea matthew access yankees dallas
austin thunder taylor matrix william martin heather merlin diamond hammer silver anthony justin
bailey patrick scooter orange golfer cookie richard guitar jackson mickey chicken sparky snoopy
phoenix camaro peanut morgan falcon cowboy ferrari samsung andrea smokey joseph dakota arsenal
eagles melissa boomer spider nascar monster tigers yellow gateway marina diablo bulldog purple
banana junior hannah porsche lakers iceman money cowboys london tennis coffee scooby boston
brandon yamaha chester mother forever johnny edward oliver player nikita knight fender barney
please brandy chicago badboy slayer rangers charles angel flower rabbit wizard jasper rachel
chris steven winner adidas natasha jasmine prince marine fishing casper james raiders gandalf
crystal golden panther lauren angela madison winston shannon toyota canada sophie apples tiger
pokemon muffin johnson murphy cooper david jackie turtle butter carlos dennis cameron newyork
rainbow nathan rocket viking sierra peaches gemini doctor wilson sandra helpme victor florida
dolphin captain tucker bandit packers jaguar united tiffany maxwell nirvana jeremy monica giants
hotdog success warrior albert lucky samson willie scorpio bonnie driver dexter jason calvin
sydney trouble gunner happy gordon legend jessie stella eminem arthur apple nissan america
nothing parker rebecca qweqwe asdasd magic apollo kitten copper shelby august buddy animal
phantom online power green police heaven lover walter cricket sniper willow saturn pumpkin
trinity digital destiny topgun runner chance bubbles broncos celtic family school gabriel
eclipse fluffy nelson cherry buffalo member carter peter steve montana mexico dreams friends
magnum surfer maximus genius vampire speedy racing sabrina horses enigma simple marcus brian
hahaha viper drummer action genesis friend forest google vanessa spitfire friday alaska jester
billy hawaii chevy walker stephen october gregory music shorty stanley diesel kevin hitman
popcorn mozart buddha melanie lizard olivia naruto general vincent spooky frankie douglas kitty
kelly suzuki penguin mercury liberty spirit natalie marley vikings system allison hummer adrian
rocky passion mnbvcxz homer jupiter claudia russia disney sweet honda domino monday jimmy
ironman fantasy jeffrey house dancer super justice connor molly water ireland houston zombie
vision sarah saints madonna zachary extreme brenda russell georgia smith skyline jesus pirate
empire bullet arizona titanic dreamer arnold elvis simon denver tommy nemesis windows turkey
bobby daddy victory rooster lalala avatar alpha crazy england brazil wildcat holiday brother
pretty january february march april may june july september november december sunday tuesday
wednesday thursday saturday copytrade copytrading copy trade trader trading bingx tradeway
crypto cryptos bitcoin btc ethereum usdt tether binance referral network wallet profit invest
investor correcthorsebatterystaple пароль
`;

const words = (list: string): string[] => list.split(/\s+/).filter((w) => w !== '');
const BLOCKED = new Set([...words(BREACHED), ...words(MANGLED)]);
const BASES = new Set(words(BASE_WORDS));

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/** Digits tried first: at most four (a year, a PIN), a run (123456, 9876), a repeated block. */
function predictableDigits(digits: string): boolean {
  if (digits.length <= 4) return true;
  if (/^(\d{1,4})\1+$/.test(digits)) return true;
  const steps = new Set<number>();
  for (let i = 1; i < digits.length; i++)
    steps.add((Number(digits[i]) - Number(digits[i - 1]) + 10) % 10);
  return steps.size === 1 && (steps.has(1) || steps.has(9));
}

/**
 * True when `password` is on the lists, is one of their words (or a keyboard walk) wrapped in
 * digits and specials ("Qwerty@2024", "P@ssw0rd1!", "1qaz@WSX"), repeats at most two
 * characters, or is predictable digits with at most two letters ("Aa123456!"). Letters of any
 * script count as letters, so a passphrase in Cyrillic is judged by its own words, not refused.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  if (BLOCKED.has(lower) || new Set(lower).size <= 2) return true;
  const core = lower.replace(/^\P{L}+|\P{L}+$/gu, '');
  const letters = core.replace(/\P{L}/gu, '');
  const unleeted = [...core]
    .map((c) => LEET[c] ?? c)
    .join('')
    .replace(/\P{L}/gu, '');
  for (const skeleton of [letters, unleeted])
    if (BASES.has(skeleton) || BLOCKED.has(skeleton)) return true;
  return letters.length <= 2 && predictableDigits(lower.replace(/\D/g, ''));
}

/** A password from the blocklist, refused as a field error of `field`. */
export function refuseCommonPassword(field: string, password: string): void {
  if (isCommonPassword(password))
    throw validationError([{ field, message: COMMON_PASSWORD_MESSAGE }]);
}
