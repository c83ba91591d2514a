/// A coin the simulator lists: names, a starting price and how lively it is.
struct ListedCoin: Sendable, Hashable {
    var symbol: String
    var koreanName: String
    var englishName: String
    /// Starting price in KRW.
    var price: Double
    /// Typical daily volatility (standard deviation of the log return over a day).
    var dailyVolatility: Double
}

/// The coins the demo exchange lists: well-known ones first (most traded first), then made-up
/// ones with names built from syllables that have both a Latin and a Hangul spelling.
enum CoinCatalog {
    /// `count` coins, deterministic for the generator's seed; symbols are unique.
    static func coins(count: Int, using generator: inout some RandomNumberGenerator) -> [ListedCoin] {
        var coins = Array(known.prefix(count))
        while coins.count < count { coins.append(coin(after: coins, using: &generator)) }
        return coins
    }

    /// The coin listed after `coins`: the next well-known one, else a made-up one with a new symbol.
    static func coin(after coins: [ListedCoin], using generator: inout some RandomNumberGenerator) -> ListedCoin {
        let symbols = Set(coins.map(\.symbol))
        if let next = known.first(where: { !symbols.contains($0.symbol) }) { return next }
        while true {
            let coin = madeUp(using: &generator)
            if !symbols.contains(coin.symbol) { return coin }
        }
    }

    private static func madeUp(using generator: inout some RandomNumberGenerator) -> ListedCoin {
        let syllableCount = 2 + Int(generator.next() % 2)
        var latin = ""
        var hangul = ""
        for _ in 0..<syllableCount {
            let syllable = syllables[Int(generator.next() % UInt64(syllables.count))]
            latin += syllable.latin
            hangul += syllable.hangul
        }
        let suffix = suffixes[Int(generator.next() % UInt64(suffixes.count))]
        let english = latin.prefix(1).uppercased() + latin.dropFirst() + suffix.english
        let korean = hangul + suffix.korean
        let letters = latin.uppercased().filter { $0.isLetter }
        let symbol = String(letters.prefix(3 + Int(generator.next() % 2)))
        // Prices spread log-uniformly from about 0.005 KRW to 500,000 KRW.
        let price = SimMath.exp(-5.3 + generator.unit() * 18.4)
        return ListedCoin(
            symbol: symbol, koreanName: korean, englishName: english, price: price,
            dailyVolatility: 0.04 + generator.unit() * 0.08)
    }

    private static let syllables: [(latin: String, hangul: String)] = [
        ("ka", "카"), ("ro", "로"), ("mi", "미"), ("nex", "넥스"), ("ta", "타"), ("lu", "루"), ("vi", "비"),
        ("sol", "솔"), ("ra", "라"), ("zen", "젠"), ("do", "도"), ("ki", "키"), ("na", "나"), ("pol", "폴"),
        ("ri", "리"), ("mo", "모"), ("sa", "사"), ("ten", "텐"), ("bi", "비"), ("gu", "구"), ("lin", "린"),
        ("ha", "하"), ("no", "노"), ("van", "반"), ("te", "테"), ("o", "오"), ("pi", "피"), ("rex", "렉스"),
        ("ma", "마"), ("chi", "치"), ("dex", "덱스"), ("fi", "파이"), ("lo", "로"), ("se", "세"), ("tu", "투"),
        ("wa", "와"), ("yo", "요"), ("zo", "조"), ("cal", "칼"), ("mer", "머"), ("qua", "쿠아"), ("vo", "보"),
    ]

    private static let suffixes: [(english: String, korean: String)] = [
        ("", ""), ("", ""), ("", ""), (" Protocol", " 프로토콜"), (" Network", " 네트워크"), (" Chain", " 체인"),
        (" Finance", " 파이낸스"), (" Coin", " 코인"), (" Labs", " 랩스"), (" AI", " 에이아이"),
    ]

    /// Well-known KRW markets with the names Korean exchanges use, most traded first.
    static let known: [ListedCoin] = [
        ListedCoin(symbol: "BTC", koreanName: "비트코인", englishName: "Bitcoin", price: 143_250_000, dailyVolatility: 0.025),
        ListedCoin(symbol: "ETH", koreanName: "이더리움", englishName: "Ethereum", price: 4_852_000, dailyVolatility: 0.035),
        ListedCoin(symbol: "XRP", koreanName: "엑스알피", englishName: "XRP", price: 3_421, dailyVolatility: 0.045),
        ListedCoin(symbol: "USDT", koreanName: "테더", englishName: "Tether", price: 1_395, dailyVolatility: 0.003),
        ListedCoin(symbol: "SOL", koreanName: "솔라나", englishName: "Solana", price: 265_400, dailyVolatility: 0.045),
        ListedCoin(symbol: "DOGE", koreanName: "도지코인", englishName: "Dogecoin", price: 310, dailyVolatility: 0.06),
        ListedCoin(symbol: "ADA", koreanName: "에이다", englishName: "Cardano", price: 1_050, dailyVolatility: 0.05),
        ListedCoin(symbol: "SUI", koreanName: "수이", englishName: "Sui", price: 5_210, dailyVolatility: 0.07),
        ListedCoin(symbol: "PEPE", koreanName: "페페", englishName: "Pepe", price: 0.01521, dailyVolatility: 0.08),
        ListedCoin(symbol: "TRX", koreanName: "트론", englishName: "TRON", price: 421, dailyVolatility: 0.03),
        ListedCoin(symbol: "LINK", koreanName: "체인링크", englishName: "Chainlink", price: 27_540, dailyVolatility: 0.05),
        ListedCoin(symbol: "ENA", koreanName: "에테나", englishName: "Ethena", price: 1_052, dailyVolatility: 0.08),
        ListedCoin(symbol: "SHIB", koreanName: "시바이누", englishName: "Shiba Inu", price: 0.02314, dailyVolatility: 0.06),
        ListedCoin(symbol: "AVAX", koreanName: "아발란체", englishName: "Avalanche", price: 38_020, dailyVolatility: 0.055),
        ListedCoin(symbol: "BCH", koreanName: "비트코인 캐시", englishName: "Bitcoin Cash", price: 721_500, dailyVolatility: 0.04),
        ListedCoin(symbol: "ONDO", koreanName: "온도파이낸스", englishName: "Ondo Finance", price: 1_712, dailyVolatility: 0.07),
        ListedCoin(symbol: "USDC", koreanName: "유에스디코인", englishName: "USD Coin", price: 1_394, dailyVolatility: 0.003),
        ListedCoin(symbol: "DOT", koreanName: "폴카닷", englishName: "Polkadot", price: 7_815, dailyVolatility: 0.05),
        ListedCoin(symbol: "ETC", koreanName: "이더리움 클래식", englishName: "Ethereum Classic", price: 31_060, dailyVolatility: 0.045),
        ListedCoin(symbol: "XLM", koreanName: "스텔라루멘", englishName: "Stellar Lumens", price: 521, dailyVolatility: 0.05),
        ListedCoin(symbol: "TRUMP", koreanName: "오피셜트럼프", englishName: "Official Trump", price: 15_830, dailyVolatility: 0.09),
        ListedCoin(symbol: "WLD", koreanName: "월드코인", englishName: "Worldcoin", price: 2_914, dailyVolatility: 0.08),
        ListedCoin(symbol: "BONK", koreanName: "봉크", englishName: "Bonk", price: 0.03217, dailyVolatility: 0.09),
        ListedCoin(symbol: "NEAR", koreanName: "니어프로토콜", englishName: "NEAR Protocol", price: 4_105, dailyVolatility: 0.06),
        ListedCoin(symbol: "APT", koreanName: "앱토스", englishName: "Aptos", price: 9_630, dailyVolatility: 0.06),
        ListedCoin(symbol: "HBAR", koreanName: "헤데라", englishName: "Hedera", price: 381, dailyVolatility: 0.06),
        ListedCoin(symbol: "AAVE", koreanName: "에이브", englishName: "Aave", price: 421_300, dailyVolatility: 0.06),
        ListedCoin(symbol: "ARB", koreanName: "아비트럼", englishName: "Arbitrum", price: 832, dailyVolatility: 0.07),
        ListedCoin(symbol: "SEI", koreanName: "세이", englishName: "Sei", price: 562, dailyVolatility: 0.08),
        ListedCoin(symbol: "UNI", koreanName: "유니스왑", englishName: "Uniswap", price: 14_520, dailyVolatility: 0.06),
        ListedCoin(symbol: "OP", koreanName: "옵티미즘", englishName: "Optimism", price: 1_482, dailyVolatility: 0.07),
        ListedCoin(symbol: "TON", koreanName: "톤코인", englishName: "Toncoin", price: 4_310, dailyVolatility: 0.05),
        ListedCoin(symbol: "ALGO", koreanName: "알고랜드", englishName: "Algorand", price: 322, dailyVolatility: 0.06),
        ListedCoin(symbol: "ATOM", koreanName: "코스모스", englishName: "Cosmos", price: 8_215, dailyVolatility: 0.055),
        ListedCoin(symbol: "FLOKI", koreanName: "플로키", englishName: "FLOKI", price: 0.1843, dailyVolatility: 0.09),
        ListedCoin(symbol: "BTT", koreanName: "비트토렌트", englishName: "BitTorrent", price: 0.001224, dailyVolatility: 0.05),
        ListedCoin(symbol: "MKR", koreanName: "메이커", englishName: "Maker", price: 2_412_000, dailyVolatility: 0.055),
        ListedCoin(symbol: "JUP", koreanName: "주피터", englishName: "Jupiter", price: 1_251, dailyVolatility: 0.08),
        ListedCoin(symbol: "IMX", koreanName: "이뮤터블엑스", englishName: "Immutable", price: 2_305, dailyVolatility: 0.07),
        ListedCoin(symbol: "STX", koreanName: "스택스", englishName: "Stacks", price: 2_712, dailyVolatility: 0.07),
        ListedCoin(symbol: "SAND", koreanName: "샌드박스", englishName: "The Sandbox", price: 482, dailyVolatility: 0.065),
        ListedCoin(symbol: "MANA", koreanName: "디센트럴랜드", englishName: "Decentraland", price: 451, dailyVolatility: 0.065),
        ListedCoin(symbol: "AXS", koreanName: "엑시인피니티", englishName: "Axie Infinity", price: 8_930, dailyVolatility: 0.07),
        ListedCoin(symbol: "ENS", koreanName: "이더리움네임서비스", englishName: "Ethereum Name Service", price: 38_150, dailyVolatility: 0.07),
        ListedCoin(symbol: "FIL", koreanName: "파일코인", englishName: "Filecoin", price: 5_615, dailyVolatility: 0.06),
        ListedCoin(symbol: "ICP", koreanName: "인터넷컴퓨터", englishName: "Internet Computer", price: 13_020, dailyVolatility: 0.06),
        ListedCoin(symbol: "EOS", koreanName: "이오스", englishName: "EOS", price: 1_104, dailyVolatility: 0.05),
        ListedCoin(symbol: "IOTA", koreanName: "아이오타", englishName: "IOTA", price: 402, dailyVolatility: 0.06),
        ListedCoin(symbol: "QTUM", koreanName: "퀀텀", englishName: "Qtum", price: 4_215, dailyVolatility: 0.05),
        ListedCoin(symbol: "NEO", koreanName: "네오", englishName: "NEO", price: 17_030, dailyVolatility: 0.05),
        ListedCoin(symbol: "XTZ", koreanName: "테조스", englishName: "Tezos", price: 1_302, dailyVolatility: 0.05),
        ListedCoin(symbol: "THETA", koreanName: "쎄타토큰", englishName: "Theta Token", price: 1_905, dailyVolatility: 0.06),
        ListedCoin(symbol: "ZIL", koreanName: "질리카", englishName: "Zilliqa", price: 28.51, dailyVolatility: 0.06),
        ListedCoin(symbol: "VET", koreanName: "비체인", englishName: "VeChain", price: 45.23, dailyVolatility: 0.06),
        ListedCoin(symbol: "CHZ", koreanName: "칠리즈", englishName: "Chiliz", price: 110, dailyVolatility: 0.06),
        ListedCoin(symbol: "GRT", koreanName: "더그래프", englishName: "The Graph", price: 262, dailyVolatility: 0.065),
        ListedCoin(symbol: "KAIA", koreanName: "카이아", englishName: "Kaia", price: 212, dailyVolatility: 0.06),
        ListedCoin(symbol: "MOVE", koreanName: "무브먼트", englishName: "Movement", price: 791, dailyVolatility: 0.09),
        ListedCoin(symbol: "BERA", koreanName: "베라체인", englishName: "Berachain", price: 7_105, dailyVolatility: 0.09),
        ListedCoin(symbol: "MEW", koreanName: "캣인어독스월드", englishName: "cat in a dogs world", price: 5.213, dailyVolatility: 0.1),
        ListedCoin(symbol: "HIVE", koreanName: "하이브", englishName: "Hive", price: 341, dailyVolatility: 0.06),
        ListedCoin(symbol: "STEEM", koreanName: "스팀", englishName: "Steem", price: 243, dailyVolatility: 0.06),
        ListedCoin(symbol: "GAS", koreanName: "가스", englishName: "Gas", price: 4_705, dailyVolatility: 0.07),
        ListedCoin(symbol: "XEC", koreanName: "이캐시", englishName: "eCash", price: 0.04652, dailyVolatility: 0.06),
        ListedCoin(symbol: "SC", koreanName: "시아코인", englishName: "Siacoin", price: 7.912, dailyVolatility: 0.06),
        ListedCoin(symbol: "HOT", koreanName: "홀로", englishName: "Holo", price: 2.651, dailyVolatility: 0.07),
        ListedCoin(symbol: "BORA", koreanName: "보라", englishName: "BORA", price: 145, dailyVolatility: 0.07),
        ListedCoin(symbol: "MBL", koreanName: "무비블록", englishName: "MovieBloc", price: 3.214, dailyVolatility: 0.08),
        ListedCoin(symbol: "AERGO", koreanName: "아르고", englishName: "Aergo", price: 150, dailyVolatility: 0.08),
    ]
}
