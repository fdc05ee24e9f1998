// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {NavSource} from "./NavSource.sol";
import "./Errors.sol";

/// The vault's accounting, the one copy both layouts run: svc-pipe-v2's Core and svc-vault-v3's SvcVault differ in
/// where shares live (a separate Share token, or the vault itself) and in their entry points, never in these rules:
/// NAV, conversions with a virtual-share offset rounding in the vault's favour, caps, minimums, pause, reserves,
/// fees and the proof of reserves.
abstract contract VaultAccounting is Ownable {
    using SafeERC20 for IERC20;
    using Math for uint256;

    uint256 public constant BPS = 10_000;
    uint256 public constant MAX_PERFORMANCE_FEE_BPS = 5_000;
    uint256 public constant MAX_MANAGEMENT_FEE_BPS = 500;
    /// Virtual shares (10^6 per virtual asset unit) make donating to an empty vault a loss for the donor.
    uint8 public constant DECIMALS_OFFSET = 6;
    /// The high-water mark is kept as assets per share unit at this precision: a 6-decimal share price would
    /// lose up to one asset unit per whole share of gain, which the performance fee would then miss.
    uint256 public constant PRICE_PRECISION = 1e27;

    IERC20 internal immutable _asset;
    uint8 internal immutable _shareDecimals;
    uint256 private immutable ONE_SHARE;

    address public strategy;
    NavSource public navSource;
    address public treasury;
    address public keeper;

    uint256 public maxTvl;
    uint256 public maxUserDeposit;
    uint256 public minimumDeposit;
    uint256 public recommendedOperationalMinimum;
    uint256 public performanceFeeBps;
    uint256 public managementFeeBps;
    bool public depositsPaused;

    /// USDC held by the vault for fulfilled redemptions that are not claimed yet.
    uint256 public reservedAssets;
    /// Highest assets-per-share-unit (scaled by PRICE_PRECISION) on which a performance fee was taken.
    uint256 public highWaterMark;
    uint256 public lastFeeAccrual;

    struct Proof {
        uint256 vaultUsdc;
        uint256 strategyEvmUsdc;
        uint256 strategyCoreSpotUsdc;
        uint256 strategyCorePerpUsdc;
        uint256 strategyHlpEquity;
        uint256 pendingBridgeIn;
        uint256 pendingBridgeOut;
        uint256 reservedAssets;
        uint256 escrowedShares;
        uint256 grossManagedAssets;
        uint256 reservedLiabilities;
        uint256 netShareholderAssets;
        uint256 reportedTotalAssets;
    }

    struct Params {
        uint256 maxTvl;
        uint256 maxUserDeposit;
        uint256 minimumDeposit;
        uint256 recommendedOperationalMinimum;
        uint256 performanceFeeBps;
        uint256 managementFeeBps;
    }

    event CapsSet(uint256 maxTvl, uint256 maxUserDeposit);
    event MinimumsSet(uint256 minimumDeposit, uint256 recommendedOperationalMinimum);
    event FeesSet(uint256 performanceFeeBps, uint256 managementFeeBps);
    event DepositsPausedSet(bool paused);
    event KeeperSet(address indexed keeper);
    event TreasurySet(address indexed treasury);
    event AllocatedToStrategy(uint256 assets);
    event AssetsReserved(uint256 shares, uint256 assets);
    event ReservedPaid(address indexed receiver, uint256 assets);
    event FeesAccrued(uint256 managementAssets, uint256 performanceAssets, uint256 shares, uint256 highWaterMark);

    constructor(address owner_, IERC20 asset_, address treasury_, address keeper_, Params memory p) Ownable(owner_) {
        _asset = asset_;
        uint8 shareDecimals = IERC20Metadata(address(asset_)).decimals() + DECIMALS_OFFSET;
        _shareDecimals = shareDecimals;
        ONE_SHARE = 10 ** shareDecimals;
        treasury = treasury_;
        keeper = keeper_;
        _setCaps(p.maxTvl, p.maxUserDeposit);
        _setMinimums(p.minimumDeposit, p.recommendedOperationalMinimum);
        _setFees(p.performanceFeeBps, p.managementFeeBps);
        highWaterMark = PRICE_PRECISION / 10 ** DECIMALS_OFFSET;
        lastFeeAccrual = block.timestamp;
    }

    modifier only(address who) {
        if (msg.sender != who) revert Unauthorized(msg.sender);
        _;
    }

    // ---------------------------------------------------------------- where the shares live (the layout's)

    function _totalShares() internal view virtual returns (uint256);

    function _sharesOf(address holder) internal view virtual returns (uint256);

    function _mintShares(address to, uint256 shares) internal virtual;

    function _burnEscrowed(uint256 shares) internal virtual;

    /// Shares held for pending redemptions.
    function escrowedShares() public view virtual returns (uint256);

    /// Who a deposit's USDC allowance must be given to: the layout's deposit entry.
    function _depositSpender() internal view virtual returns (address);

    // ---------------------------------------------------------------- parameters (owner)

    function setCaps(uint256 maxTvl_, uint256 maxUserDeposit_) external onlyOwner {
        _setCaps(maxTvl_, maxUserDeposit_);
    }

    function setMinimums(uint256 minimumDeposit_, uint256 recommended_) external onlyOwner {
        _setMinimums(minimumDeposit_, recommended_);
    }

    function setFees(uint256 performanceFeeBps_, uint256 managementFeeBps_) external onlyOwner {
        _setFees(performanceFeeBps_, managementFeeBps_);
    }

    function setDepositsPaused(bool paused) external onlyOwner {
        depositsPaused = paused;
        emit DepositsPausedSet(paused);
    }

    function setKeeper(address keeper_) external onlyOwner {
        keeper = keeper_;
        emit KeeperSet(keeper_);
    }

    function setTreasury(address treasury_) external onlyOwner {
        if (treasury_ == address(0)) revert ZeroAddress();
        treasury = treasury_;
        emit TreasurySet(treasury_);
    }

    function _setCaps(uint256 maxTvl_, uint256 maxUserDeposit_) private {
        maxTvl = maxTvl_;
        maxUserDeposit = maxUserDeposit_;
        emit CapsSet(maxTvl_, maxUserDeposit_);
    }

    function _setMinimums(uint256 minimumDeposit_, uint256 recommended_) private {
        minimumDeposit = minimumDeposit_;
        recommendedOperationalMinimum = recommended_;
        emit MinimumsSet(minimumDeposit_, recommended_);
    }

    function _setFees(uint256 performanceFeeBps_, uint256 managementFeeBps_) private {
        if (performanceFeeBps_ > MAX_PERFORMANCE_FEE_BPS) revert FeeTooHigh(performanceFeeBps_, MAX_PERFORMANCE_FEE_BPS);
        if (managementFeeBps_ > MAX_MANAGEMENT_FEE_BPS) revert FeeTooHigh(managementFeeBps_, MAX_MANAGEMENT_FEE_BPS);
        performanceFeeBps = performanceFeeBps_;
        managementFeeBps = managementFeeBps_;
        emit FeesSet(performanceFeeBps_, managementFeeBps_);
    }

    // ---------------------------------------------------------------- accounting views

    function asset() external view returns (address) {
        return address(_asset);
    }

    function vaultUsdc() public view returns (uint256) {
        return _asset.balanceOf(address(this));
    }

    function grossManagedAssets() public view returns (uint256) {
        return vaultUsdc() + navSource.strategyEquity();
    }

    /// Net assets that belong to shareholders: vault USDC + strategy equity + bridge transit - reserved.
    function totalAssets() public view returns (uint256) {
        return grossManagedAssets() - reservedAssets;
    }

    function convertToShares(uint256 assets) public view returns (uint256) {
        return _toShares(assets, Math.Rounding.Floor);
    }

    function convertToAssets(uint256 shares) public view returns (uint256) {
        return _toAssets(shares, Math.Rounding.Floor);
    }

    function previewDeposit(uint256 assets) public view returns (uint256) {
        return _toShares(assets, Math.Rounding.Floor);
    }

    function _toShares(uint256 assets, Math.Rounding rounding) internal view returns (uint256) {
        return _toSharesAt(assets, totalAssets(), _totalShares(), rounding);
    }

    /// The one conversion formula to shares, for a NAV already read (see _toAssetsAt).
    function _toSharesAt(uint256 assets, uint256 nav, uint256 supply, Math.Rounding rounding)
        internal
        pure
        returns (uint256)
    {
        return assets.mulDiv(supply + 10 ** DECIMALS_OFFSET, nav + 1, rounding);
    }

    function _toAssets(uint256 shares, Math.Rounding rounding) internal view returns (uint256) {
        return _toAssetsAt(shares, totalAssets(), _totalShares(), rounding);
    }

    /// The one conversion formula, for a NAV already read (positionsOf reads it once for many owners).
    function _toAssetsAt(uint256 shares, uint256 assets, uint256 supply, Math.Rounding rounding)
        internal
        pure
        returns (uint256)
    {
        return shares.mulDiv(assets + 1, supply + 10 ** DECIMALS_OFFSET, rounding);
    }

    function _precisePrice() private view returns (uint256) {
        return (totalAssets() + 1).mulDiv(PRICE_PRECISION, _totalShares() + 10 ** DECIMALS_OFFSET);
    }

    /// Assets of one whole share, in asset units.
    function sharePrice() external view returns (uint256) {
        return convertToAssets(ONE_SHARE);
    }

    function globalDepositRoom() public view returns (uint256) {
        return _globalRoomAt(totalAssets());
    }

    function userDepositRoom(address receiver) public view returns (uint256) {
        return _userRoomAt(convertToAssets(_sharesOf(receiver)));
    }

    function _globalRoomAt(uint256 assets) internal view returns (uint256) {
        return maxTvl > assets ? maxTvl - assets : 0;
    }

    function _userRoomAt(uint256 held) internal view returns (uint256) {
        return maxUserDeposit > held ? maxUserDeposit - held : 0;
    }

    /// Vault USDC not reserved for claims: what fulfilments and instant redemptions can draw on.
    function instantRedeemCapacity() public view returns (uint256) {
        return vaultUsdc() - reservedAssets;
    }

    function maxDeposit(address receiver) public view returns (uint256) {
        return _maxDepositAt(globalDepositRoom(), userDepositRoom(receiver));
    }

    function _maxDepositAt(uint256 globalRoom, uint256 userRoom) internal view returns (uint256) {
        return depositsPaused ? 0 : Math.min(globalRoom, userRoom);
    }

    /// A wallet's whole position, each figure what the vault's own view answers for it at this block.
    struct Position {
        uint256 usdcBalance;
        uint256 shareBalance;
        uint256 depositAllowance;
        uint256 maxDeposit;
        uint256 maxRedeem;
        uint256 maxInstantWithdraw;
        uint256 nativeBalance;
        uint256 shareValue;
    }

    /// Every figure a quote decides on, each what its own view answers at this block.
    struct QuoteFigures {
        uint256 usdcBalance;
        uint256 shareBalance;
        uint256 allowance;
        uint256 previewDeposit;
        uint256 previewRedeem;
        uint256 minimumDeposit;
        uint256 globalDepositRoom;
        uint256 userDepositRoom;
        uint256 maxDeposit;
        bool depositsPaused;
        uint256 instantRedeemCapacity;
    }

    /// A quote's figures with the NAV read once: previewDeposit, previewRedeem, both rooms and maxDeposit each read
    /// it again, and on a node every quote and every action creation pays for it.
    function quoteOf(address account, address receiver, uint256 assets_, uint256 shares)
        external
        view
        returns (QuoteFigures memory q)
    {
        uint256 nav = totalAssets();
        uint256 supply = _totalShares();
        q.usdcBalance = _asset.balanceOf(account);
        q.shareBalance = _sharesOf(account);
        q.allowance = _asset.allowance(account, _depositSpender());
        q.previewDeposit = _toSharesAt(assets_, nav, supply, Math.Rounding.Floor);
        q.previewRedeem = _toAssetsAt(shares, nav, supply, Math.Rounding.Floor);
        q.minimumDeposit = minimumDeposit;
        q.globalDepositRoom = _globalRoomAt(nav);
        q.userDepositRoom = _userRoomAt(_toAssetsAt(_sharesOf(receiver), nav, supply, Math.Rounding.Floor));
        q.maxDeposit = _maxDepositAt(q.globalDepositRoom, q.userDepositRoom);
        q.depositsPaused = depositsPaused;
        q.instantRedeemCapacity = instantRedeemCapacity();
    }

    /// Positions of many owners with the NAV read once: maxDeposit, the instant limit and the share value each
    /// read it again per owner, and reading it is most of a position's cost (the strategy's equity, the bridges).
    function positionsOf(address[] calldata owners) external view returns (Position[] memory positions) {
        uint256 assets = totalAssets();
        uint256 supply = _totalShares();
        uint256 globalRoom = _globalRoomAt(assets);
        uint256 capacity = instantRedeemCapacity();
        address spender = _depositSpender();
        positions = new Position[](owners.length);
        for (uint256 i = 0; i < owners.length; ++i) {
            address owner_ = owners[i];
            Position memory p = positions[i];
            p.usdcBalance = _asset.balanceOf(owner_);
            p.shareBalance = _sharesOf(owner_);
            p.depositAllowance = _asset.allowance(owner_, spender);
            p.shareValue = _toAssetsAt(p.shareBalance, assets, supply, Math.Rounding.Floor);
            p.maxDeposit = _maxDepositAt(globalRoom, _userRoomAt(p.shareValue));
            p.maxRedeem = p.shareBalance;
            p.maxInstantWithdraw = Math.min(p.shareValue, capacity);
            p.nativeBalance = owner_.balance;
        }
    }

    /// What an owner's shares are worth now, so a position reads in one call per value.
    function shareValueOf(address owner_) external view returns (uint256) {
        return convertToAssets(_sharesOf(owner_));
    }

    function proof() external view returns (Proof memory p) {
        NavSource nav = navSource;
        p.vaultUsdc = vaultUsdc();
        p.strategyEvmUsdc = nav.strategyEvmUsdc();
        p.strategyCoreSpotUsdc = nav.coreSpotUsdc();
        p.strategyCorePerpUsdc = nav.corePerpUsdc();
        p.strategyHlpEquity = nav.hlpEquity();
        p.pendingBridgeIn = nav.pendingBridgeIn();
        p.pendingBridgeOut = nav.pendingBridgeOut();
        p.reservedAssets = reservedAssets;
        p.escrowedShares = escrowedShares();
        p.grossManagedAssets = p.vaultUsdc + p.strategyEvmUsdc + p.strategyCoreSpotUsdc + p.strategyCorePerpUsdc
            + p.strategyHlpEquity + p.pendingBridgeIn + p.pendingBridgeOut;
        p.reservedLiabilities = reservedAssets;
        p.netShareholderAssets = p.grossManagedAssets - p.reservedLiabilities;
        p.reportedTotalAssets = totalAssets();
    }

    /// Every deposit rule in one view: reverts with the reason a deposit would revert, else the shares. The NAV is
    /// read once for the three rules that need it (both rooms and the shares), as in quoteOf: every deposit and
    /// every quote's simulation pays for each read.
    function checkDeposit(address receiver, uint256 assets) public view returns (uint256 shares) {
        if (depositsPaused) revert DepositsArePaused();
        if (assets == 0) revert ZeroAmount();
        if (assets < minimumDeposit) revert BelowMinimumDeposit(assets, minimumDeposit);
        uint256 nav = totalAssets();
        uint256 supply = _totalShares();
        uint256 room = _globalRoomAt(nav);
        if (assets > room) revert MaxTvlExceeded(assets, room);
        room = _userRoomAt(_toAssetsAt(_sharesOf(receiver), nav, supply, Math.Rounding.Floor));
        if (assets > room) revert MaxUserDepositExceeded(assets, room);
        shares = _toSharesAt(assets, nav, supply, Math.Rounding.Floor);
        if (shares == 0) revert ZeroShares(assets);
    }

    // ---------------------------------------------------------------- redemptions' money

    /// Fixes a queued redemption's assets at the current price (rounded down), burns its escrowed shares and
    /// reserves the USDC for the claim.
    function _reserveFor(uint256 shares) internal returns (uint256 assets) {
        assets = convertToAssets(shares);
        uint256 available = instantRedeemCapacity();
        if (assets > available) revert InsufficientLiquidity(assets, available);
        _burnEscrowed(shares);
        reservedAssets += assets;
        emit AssetsReserved(shares, assets);
    }

    function _payReserved(address receiver, uint256 assets) internal {
        reservedAssets -= assets;
        _asset.safeTransfer(receiver, assets);
        emit ReservedPaid(receiver, assets);
    }

    /// The instant redemption's rules: what `shares` of `owner_` pay now, within the instant capacity and the floor.
    function _instantAssets(address owner_, uint256 shares, uint256 minAssetsOut) internal view returns (uint256 assets) {
        if (shares == 0) revert ZeroAmount();
        uint256 balance = _sharesOf(owner_);
        if (balance < shares) revert InsufficientShares(balance, shares);
        assets = convertToAssets(shares);
        if (assets == 0) revert ZeroAmount();
        uint256 capacity = instantRedeemCapacity();
        if (assets > capacity) revert InstantCapacityExceeded(assets, capacity);
        if (assets < minAssetsOut) revert SlippageExceeded(assets, minAssetsOut);
    }

    // ---------------------------------------------------------------- keeper

    function allocateToStrategy(uint256 assets) external only(keeper) {
        if (assets == 0) revert ZeroAmount();
        uint256 available = instantRedeemCapacity();
        if (assets > available) revert InsufficientLiquidity(assets, available);
        _asset.safeTransfer(strategy, assets);
        emit AllocatedToStrategy(assets);
    }

    /// Management fee pro rata over time and performance fee above the high-water mark, both paid in
    /// newly minted shares to the treasury so that no USDC leaves the vault.
    function accrueFees() external only(keeper) returns (uint256 feeShares) {
        uint256 assets = totalAssets();
        uint256 supply = _totalShares();
        uint256 managementAssets = assets * managementFeeBps * (block.timestamp - lastFeeAccrual) / (BPS * 365 days);
        uint256 price = _precisePrice();
        uint256 performanceAssets;
        if (price > highWaterMark && supply > 0) {
            performanceAssets = (price - highWaterMark).mulDiv(supply, PRICE_PRECISION) * performanceFeeBps / BPS;
        }
        uint256 feeAssets = managementAssets + performanceAssets;
        lastFeeAccrual = block.timestamp;
        if (feeAssets > 0 && feeAssets < assets) {
            feeShares = feeAssets.mulDiv(supply + 10 ** DECIMALS_OFFSET, assets - feeAssets + 1, Math.Rounding.Floor);
            _mintShares(treasury, feeShares);
        }
        uint256 newPrice = _precisePrice();
        if (newPrice > highWaterMark) highWaterMark = newPrice;
        emit FeesAccrued(managementAssets, performanceAssets, feeShares, highWaterMark);
    }
}
