// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {NavSource} from "./NavSource.sol";
import "./Errors.sol";

/// svc-vault-v3: the whole vault in one contract. It is the accounting (Core's rules, unchanged), the share token
/// (ERC-20, itself), the deposit entry (ERC-4626 with ERC-5143-style slippage bounds) and the queued-redemption
/// entry (ERC-7540 async redeem: request -> fulfil -> claim, with a synchronous cancel in the spirit of ERC-7887),
/// plus instant redemptions from the vault's unreserved USDC.
contract SvcVault is ERC20, Ownable, IERC165 {
    using SafeERC20 for IERC20;
    using Math for uint256;

    uint256 public constant BPS = 10_000;
    uint256 public constant MAX_PERFORMANCE_FEE_BPS = 5_000;
    uint256 public constant MAX_MANAGEMENT_FEE_BPS = 500;
    /// Virtual shares (10^6 per virtual asset unit) make donating to an empty vault a loss for the donor.
    uint8 public constant DECIMALS_OFFSET = 6;
    /// The high-water mark is kept as assets per share unit at this precision (see Core).
    uint256 public constant PRICE_PRECISION = 1e27;

    IERC20 private immutable _asset;
    uint8 private immutable _shareDecimals;
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

    /// USDC held in this contract for fulfilled redemptions that are not claimed yet.
    uint256 public reservedAssets;
    /// Highest assets-per-share-unit (scaled by PRICE_PRECISION) on which a performance fee was taken.
    uint256 public highWaterMark;
    uint256 public lastFeeAccrual;

    enum Status {
        None,
        Pending,
        Claimable,
        Claimed,
        Cancelled
    }

    struct Redemption {
        address controller;
        address owner;
        uint256 shares;
        uint256 assets;
        Status status;
        uint64 requestedAt;
        uint64 fulfilledAt;
    }

    uint256 public nextRedemptionId = 1;
    mapping(uint256 => Redemption) private _redemptions;
    /// Each controller's request ids, oldest first, and the index before which all of them are claimed or cancelled.
    mapping(address => uint256[]) private _requestsOf;
    mapping(address => uint256) private _firstOpen;

    /// ERC-7540 operators: isOperator[controller][operator].
    mapping(address => mapping(address => bool)) public isOperator;

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

    event Wired(address strategy, address navSource);
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

    // ERC-4626
    event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares);
    event Withdraw(
        address indexed sender, address indexed receiver, address indexed owner, uint256 assets, uint256 shares
    );
    // ERC-7540
    event OperatorSet(address indexed controller, address indexed operator, bool approved);
    event RedeemRequest(
        address indexed controller, address indexed owner, uint256 indexed requestId, address sender, uint256 shares
    );
    // ERC-7887
    event CancelRedeemRequest(address indexed controller, uint256 indexed requestId, address sender);
    event CancelRedeemClaim(
        address indexed controller, address indexed receiver, uint256 indexed requestId, address sender, uint256 shares
    );
    // this vault's request lifecycle
    event RedeemFulfilled(uint256 indexed requestId, address indexed controller, uint256 shares, uint256 assets);
    event RedeemClaimed(
        uint256 indexed requestId, address indexed controller, address indexed receiver, uint256 shares, uint256 assets
    );

    constructor(
        address owner_,
        IERC20 asset_,
        string memory name_,
        string memory symbol_,
        address treasury_,
        address keeper_,
        Params memory p
    ) ERC20(name_, symbol_) Ownable(owner_) {
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

    // ---------------------------------------------------------------- wiring and parameters (owner)

    function wire(address strategy_, NavSource navSource_) external onlyOwner {
        if (strategy != address(0)) revert AlreadyWired();
        if (strategy_ == address(0) || address(navSource_) == address(0)) revert ZeroAddress();
        strategy = strategy_;
        navSource = navSource_;
        emit Wired(strategy_, address(navSource_));
    }

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

    // ---------------------------------------------------------------- ERC-20, ERC-165, ERC-7575

    function decimals() public view override returns (uint8) {
        return _shareDecimals;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0xe3bc4e65 // ERC-7540 operator methods
            || interfaceId == 0x620ee8e4 // ERC-7540 asynchronous redeem
            || interfaceId == 0x2f0a18c5; // ERC-7575 share()
    }

    function asset() external view returns (address) {
        return address(_asset);
    }

    function share() external view returns (address) {
        return address(this);
    }

    // ---------------------------------------------------------------- accounting views

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

    /// Assets a mint of `shares` costs, rounded up: the vault never sells a share below its value.
    function previewMint(uint256 shares) public view returns (uint256) {
        return _toAssets(shares, Math.Rounding.Ceil);
    }

    /// ERC-7540: an asynchronous redeem has no preview.
    function previewRedeem(uint256) external pure returns (uint256) {
        revert AsyncRedeemOnly();
    }

    function previewWithdraw(uint256) external pure returns (uint256) {
        revert AsyncRedeemOnly();
    }

    function _toShares(uint256 assets, Math.Rounding rounding) private view returns (uint256) {
        return assets.mulDiv(totalSupply() + 10 ** DECIMALS_OFFSET, totalAssets() + 1, rounding);
    }

    function _toAssets(uint256 shares, Math.Rounding rounding) private view returns (uint256) {
        return shares.mulDiv(totalAssets() + 1, totalSupply() + 10 ** DECIMALS_OFFSET, rounding);
    }

    function _precisePrice() private view returns (uint256) {
        return (totalAssets() + 1).mulDiv(PRICE_PRECISION, totalSupply() + 10 ** DECIMALS_OFFSET);
    }

    /// Assets of one whole share, in asset units.
    function sharePrice() external view returns (uint256) {
        return convertToAssets(ONE_SHARE);
    }

    function globalDepositRoom() public view returns (uint256) {
        uint256 assets = totalAssets();
        return maxTvl > assets ? maxTvl - assets : 0;
    }

    function userDepositRoom(address receiver) public view returns (uint256) {
        uint256 held = convertToAssets(balanceOf(receiver));
        return maxUserDeposit > held ? maxUserDeposit - held : 0;
    }

    /// Vault USDC not reserved for claims: what fulfilments and instant redemptions can draw on.
    function instantRedeemCapacity() public view returns (uint256) {
        return vaultUsdc() - reservedAssets;
    }

    /// Shares held by the vault for pending redemption requests.
    function escrowedShares() public view returns (uint256) {
        return balanceOf(address(this));
    }

    function maxDeposit(address receiver) public view returns (uint256) {
        if (depositsPaused) return 0;
        return Math.min(globalDepositRoom(), userDepositRoom(receiver));
    }

    /// Shares whose previewMint fits in maxDeposit (rounded down, so the mint's assets never exceed it).
    function maxMint(address receiver) external view returns (uint256) {
        return convertToShares(maxDeposit(receiver));
    }

    /// What an owner's shares are worth now, so a position reads in one call per value.
    function shareValueOf(address owner_) external view returns (uint256) {
        return convertToAssets(balanceOf(owner_));
    }

    /// ERC-7540: the shares of the controller's oldest claimable request (claims are whole requests).
    function maxRedeem(address controller) external view returns (uint256) {
        return _redemptions[_oldestClaimable(controller)].shares;
    }

    /// ERC-7540: the assets of the controller's oldest claimable request.
    function maxWithdraw(address controller) external view returns (uint256) {
        return _redemptions[_oldestClaimable(controller)].assets;
    }

    /// What redeemInstant could pay the owner now.
    function maxInstantWithdraw(address owner_) external view returns (uint256) {
        return Math.min(convertToAssets(balanceOf(owner_)), instantRedeemCapacity());
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

    /// Every deposit rule in one view: reverts with the reason a deposit would revert, else the shares.
    function checkDeposit(address receiver, uint256 assets) public view returns (uint256 shares) {
        if (depositsPaused) revert DepositsArePaused();
        if (assets == 0) revert ZeroAmount();
        if (assets < minimumDeposit) revert BelowMinimumDeposit(assets, minimumDeposit);
        uint256 room = globalDepositRoom();
        if (assets > room) revert MaxTvlExceeded(assets, room);
        room = userDepositRoom(receiver);
        if (assets > room) revert MaxUserDepositExceeded(assets, room);
        shares = previewDeposit(assets);
        if (shares == 0) revert ZeroShares(assets);
    }

    // ---------------------------------------------------------------- deposits (ERC-4626, ERC-5143)

    function deposit(uint256 assets, address receiver) external returns (uint256 shares) {
        shares = checkDeposit(receiver, assets);
        _deposit(assets, receiver, shares);
    }

    function deposit(uint256 assets, address receiver, uint256 minShares) external returns (uint256 shares) {
        shares = checkDeposit(receiver, assets);
        if (shares < minShares) revert SlippageExceeded(shares, minShares);
        _deposit(assets, receiver, shares);
    }

    function mint(uint256 shares, address receiver) external returns (uint256 assets) {
        assets = previewMint(shares);
        checkDeposit(receiver, assets);
        _deposit(assets, receiver, shares);
    }

    function mint(uint256 shares, address receiver, uint256 maxAssets) external returns (uint256 assets) {
        assets = previewMint(shares);
        checkDeposit(receiver, assets);
        if (assets > maxAssets) revert MaxAssetsExceeded(assets, maxAssets);
        _deposit(assets, receiver, shares);
    }

    function _deposit(uint256 assets, address receiver, uint256 shares) private {
        _asset.safeTransferFrom(msg.sender, address(this), assets);
        _mint(receiver, shares);
        emit Deposit(msg.sender, receiver, assets, shares);
    }

    // ---------------------------------------------------------------- operators (ERC-7540)

    function setOperator(address operator, bool approved) external returns (bool) {
        isOperator[msg.sender][operator] = approved;
        emit OperatorSet(msg.sender, operator, approved);
        return true;
    }

    function _isSelfOrOperator(address controller) private view returns (bool) {
        return msg.sender == controller || isOperator[controller][msg.sender];
    }

    // ---------------------------------------------------------------- queued redemptions (ERC-7540, ERC-7887)

    function getRedemption(uint256 requestId) external view returns (Redemption memory) {
        return _redemptions[requestId];
    }

    function requestRedeem(uint256 shares, address controller, address owner_) external returns (uint256 requestId) {
        if (shares == 0) revert ZeroAmount();
        if (controller == address(0)) revert ZeroAddress();
        if (!_isSelfOrOperator(owner_)) _spendAllowance(owner_, msg.sender, shares);
        uint256 balance = balanceOf(owner_);
        if (balance < shares) revert InsufficientShares(balance, shares);
        _transfer(owner_, address(this), shares);
        requestId = nextRedemptionId++;
        _redemptions[requestId] = Redemption({
            controller: controller,
            owner: owner_,
            shares: shares,
            assets: 0,
            status: Status.Pending,
            requestedAt: uint64(block.timestamp),
            fulfilledAt: 0
        });
        _requestsOf[controller].push(requestId);
        emit RedeemRequest(controller, owner_, requestId, msg.sender, shares);
    }

    function pendingRedeemRequest(uint256 requestId, address controller) external view returns (uint256 pendingShares) {
        return _sharesIn(requestId, controller, Status.Pending);
    }

    function claimableRedeemRequest(uint256 requestId, address controller)
        external
        view
        returns (uint256 claimableShares)
    {
        return _sharesIn(requestId, controller, Status.Claimable);
    }

    function _sharesIn(uint256 requestId, address controller, Status status) private view returns (uint256) {
        Redemption storage r = _redemptions[requestId];
        return r.controller == controller && r.status == status ? r.shares : 0;
    }

    /// Permissionless: anyone (the keeper in practice) fixes a pending request's assets at the current price once
    /// the vault's free USDC covers them; the escrowed shares are burnt and the USDC reserved for the claim.
    function fulfillRedeem(uint256 requestId) external returns (uint256 assets) {
        Redemption storage r = _existing(requestId);
        if (r.status != Status.Pending) revert RedemptionNotPending(requestId, uint8(r.status));
        uint256 shares = r.shares;
        assets = convertToAssets(shares);
        uint256 available = instantRedeemCapacity();
        if (assets > available) revert InsufficientLiquidity(assets, available);
        _burn(address(this), shares);
        reservedAssets += assets;
        r.assets = assets;
        r.status = Status.Claimable;
        r.fulfilledAt = uint64(block.timestamp);
        emit AssetsReserved(shares, assets);
        emit RedeemFulfilled(requestId, r.controller, shares, assets);
    }

    function claimRedeem(uint256 requestId, address receiver) external returns (uint256 assets) {
        Redemption storage r = _existing(requestId);
        if (!_isSelfOrOperator(r.controller)) revert NotRedemptionOwner(requestId, msg.sender);
        if (r.status != Status.Claimable) revert RedemptionNotClaimable(requestId, uint8(r.status));
        return _claim(requestId, r, receiver);
    }

    /// ERC-7540 claim by shares: claims the controller's oldest claimable request, which must be exactly `shares`.
    function redeem(uint256 shares, address receiver, address controller) external returns (uint256 assets) {
        uint256 requestId = _claimableFor(controller);
        Redemption storage r = _redemptions[requestId];
        if (requestId == 0 || r.shares != shares) revert NoClaimableRequest(controller, shares);
        return _claim(requestId, r, receiver);
    }

    /// ERC-7540 claim by assets: claims the controller's oldest claimable request, which must be exactly `assets`.
    function withdraw(uint256 assets, address receiver, address controller) external returns (uint256 shares) {
        uint256 requestId = _claimableFor(controller);
        Redemption storage r = _redemptions[requestId];
        if (requestId == 0 || r.assets != assets) revert NoClaimableRequest(controller, assets);
        shares = r.shares;
        _claim(requestId, r, receiver);
    }

    /// Synchronous cancel of a pending request: the escrowed shares go straight back to the controller.
    function cancelRedeemRequest(uint256 requestId, address controller) external {
        Redemption storage r = _existing(requestId);
        if (r.controller != controller || !_isSelfOrOperator(controller)) {
            revert NotRedemptionOwner(requestId, msg.sender);
        }
        if (r.status != Status.Pending) revert RedemptionNotPending(requestId, uint8(r.status));
        r.status = Status.Cancelled;
        uint256 shares = r.shares;
        _transfer(address(this), controller, shares);
        _skipClosed(controller);
        emit CancelRedeemRequest(controller, requestId, msg.sender);
        emit CancelRedeemClaim(controller, controller, requestId, msg.sender, shares);
    }

    function _existing(uint256 requestId) private view returns (Redemption storage r) {
        r = _redemptions[requestId];
        if (r.status == Status.None) revert RedemptionNotFound(requestId);
    }

    function _claimableFor(address controller) private view returns (uint256) {
        if (!_isSelfOrOperator(controller)) revert NotOperator(controller, msg.sender);
        return _oldestClaimable(controller);
    }

    /// The controller's oldest claimable request id, 0 when there is none.
    function _oldestClaimable(address controller) private view returns (uint256) {
        uint256[] storage ids = _requestsOf[controller];
        for (uint256 i = _firstOpen[controller]; i < ids.length; ++i) {
            if (_redemptions[ids[i]].status == Status.Claimable) return ids[i];
        }
        return 0;
    }

    /// Moves the controller's scan start past requests that are claimed or cancelled, which never change again.
    function _skipClosed(address controller) private {
        uint256[] storage ids = _requestsOf[controller];
        uint256 i = _firstOpen[controller];
        while (i < ids.length && _redemptions[ids[i]].status >= Status.Claimed) ++i;
        _firstOpen[controller] = i;
    }

    /// Pays a claimable request. RedeemClaimed is immediately followed by Withdraw: the indexer pairs them.
    function _claim(uint256 requestId, Redemption storage r, address receiver) private returns (uint256 assets) {
        if (receiver == address(0)) revert ZeroAddress();
        r.status = Status.Claimed;
        assets = r.assets;
        address controller = r.controller;
        _skipClosed(controller);
        reservedAssets -= assets;
        _asset.safeTransfer(receiver, assets);
        emit ReservedPaid(receiver, assets);
        emit RedeemClaimed(requestId, controller, receiver, r.shares, assets);
        emit Withdraw(msg.sender, receiver, controller, assets, r.shares);
    }

    // ---------------------------------------------------------------- instant redemptions

    function redeemInstant(uint256 shares, address receiver, address owner_, uint256 minAssetsOut)
        external
        returns (uint256 assets)
    {
        if (!_isSelfOrOperator(owner_)) revert NotOperator(owner_, msg.sender);
        if (receiver == address(0)) revert ZeroAddress();
        if (shares == 0) revert ZeroAmount();
        uint256 balance = balanceOf(owner_);
        if (balance < shares) revert InsufficientShares(balance, shares);
        assets = convertToAssets(shares);
        if (assets == 0) revert ZeroAmount();
        uint256 capacity = instantRedeemCapacity();
        if (assets > capacity) revert InstantCapacityExceeded(assets, capacity);
        if (assets < minAssetsOut) revert SlippageExceeded(assets, minAssetsOut);
        _burn(owner_, shares);
        _asset.safeTransfer(receiver, assets);
        emit Withdraw(msg.sender, receiver, owner_, assets, shares);
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
        uint256 supply = totalSupply();
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
            _mint(treasury, feeShares);
        }
        uint256 newPrice = _precisePrice();
        if (newPrice > highWaterMark) highWaterMark = newPrice;
        emit FeesAccrued(managementAssets, performanceAssets, feeShares, highWaterMark);
    }
}
