// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {NavSource} from "./NavSource.sol";
import {VaultAccounting} from "./VaultAccounting.sol";
import "./Errors.sol";

/// svc-vault-v3: the whole vault in one contract. It is the accounting (VaultAccounting, as Core), the share token
/// (ERC-20, itself), the deposit entry (ERC-4626 with ERC-5143-style slippage bounds) and the queued-redemption
/// entry (ERC-7540 async redeem: request -> fulfil -> claim, with a synchronous cancel in the spirit of ERC-7887),
/// plus instant redemptions from the vault's unreserved USDC.
contract SvcVault is ERC20, VaultAccounting, IERC165 {
    using SafeERC20 for IERC20;

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

    event Wired(address strategy, address navSource);
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
    ) ERC20(name_, symbol_) VaultAccounting(owner_, asset_, treasury_, keeper_, p) {}

    // ---------------------------------------------------------------- wiring (owner)

    function wire(address strategy_, NavSource navSource_) external onlyOwner {
        if (strategy != address(0)) revert AlreadyWired();
        if (strategy_ == address(0) || address(navSource_) == address(0)) revert ZeroAddress();
        strategy = strategy_;
        navSource = navSource_;
        emit Wired(strategy_, address(navSource_));
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

    function share() external view returns (address) {
        return address(this);
    }

    // ---------------------------------------------------------------- accounting views

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

    /// Shares whose previewMint fits in maxDeposit (rounded down, so the mint's assets never exceed it).
    function maxMint(address receiver) external view returns (uint256) {
        return convertToShares(maxDeposit(receiver));
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

    // ---------------------------------------------------------------- the shares are this token

    function _totalShares() internal view override returns (uint256) {
        return totalSupply();
    }

    function _sharesOf(address holder) internal view override returns (uint256) {
        return balanceOf(holder);
    }

    function _mintShares(address to, uint256 shares) internal override {
        _mint(to, shares);
    }

    function _burnEscrowed(uint256 shares) internal override {
        _burn(address(this), shares);
    }

    /// Shares held by the vault for pending redemption requests.
    function escrowedShares() public view override returns (uint256) {
        return balanceOf(address(this));
    }

    function _depositSpender() internal view override returns (address) {
        return address(this);
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
        assets = _reserveFor(shares);
        r.assets = assets;
        r.status = Status.Claimable;
        r.fulfilledAt = uint64(block.timestamp);
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
        _payReserved(receiver, assets);
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
        assets = _instantAssets(owner_, shares, minAssetsOut);
        _burn(owner_, shares);
        _asset.safeTransfer(receiver, assets);
        emit Withdraw(msg.sender, receiver, owner_, assets, shares);
    }
}
