// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Core} from "./Core.sol";
import "./Errors.sol";

/// Exits: queued redemptions (request -> fulfil -> claim, or cancel while pending) and instant redemptions
/// from the vault's unreserved USDC.
contract RedemptionPipe {
    enum Status {
        None,
        Pending,
        Claimable,
        Claimed,
        Cancelled
    }

    struct Redemption {
        address owner;
        address receiver;
        uint256 shares;
        uint256 assets;
        Status status;
        uint64 requestedAt;
        uint64 fulfilledAt;
    }

    Core public immutable core;
    uint256 public nextRedemptionId = 1;
    mapping(uint256 => Redemption) private _redemptions;

    event RedeemRequested(uint256 indexed id, address indexed owner, address indexed receiver, uint256 shares);
    event RedeemFulfilled(uint256 indexed id, address indexed owner, address indexed receiver, uint256 shares, uint256 assets);
    event RedeemClaimed(uint256 indexed id, address indexed owner, address indexed receiver, uint256 shares, uint256 assets);
    event RedeemCancelled(uint256 indexed id, address indexed owner, address indexed receiver, uint256 shares);
    event InstantRedeem(address indexed owner, address indexed receiver, uint256 shares, uint256 assets);

    constructor(Core core_) {
        core = core_;
    }

    function getRedemption(uint256 id) external view returns (Redemption memory) {
        return _redemptions[id];
    }

    function requestRedeem(uint256 shares, address receiver) external returns (uint256 id) {
        if (shares == 0) revert ZeroAmount();
        if (receiver == address(0)) revert ZeroAddress();
        core.escrowShares(msg.sender, shares);
        id = nextRedemptionId++;
        _redemptions[id] = Redemption({
            owner: msg.sender,
            receiver: receiver,
            shares: shares,
            assets: 0,
            status: Status.Pending,
            requestedAt: uint64(block.timestamp),
            fulfilledAt: 0
        });
        emit RedeemRequested(id, msg.sender, receiver, shares);
    }

    /// Permissionless: anyone (the keeper in practice) may fulfil once the vault's free USDC covers it.
    function fulfillRedeem(uint256 id) external returns (uint256 assets) {
        Redemption storage r = _existing(id);
        if (r.status != Status.Pending) revert RedemptionNotPending(id, uint8(r.status));
        assets = core.reserveForRedemption(r.shares);
        r.assets = assets;
        r.status = Status.Claimable;
        r.fulfilledAt = uint64(block.timestamp);
        emit RedeemFulfilled(id, r.owner, r.receiver, r.shares, assets);
    }

    /// The owner names the receiver at claim time (a bridge deposit address for other destination chains).
    function claimRedeem(uint256 id, address receiver) external returns (uint256 assets) {
        Redemption storage r = _existing(id);
        if (msg.sender != r.owner) revert NotRedemptionOwner(id, msg.sender);
        if (r.status != Status.Claimable) revert RedemptionNotClaimable(id, uint8(r.status));
        if (receiver == address(0)) revert ZeroAddress();
        r.status = Status.Claimed;
        assets = r.assets;
        core.payReserved(receiver, assets);
        emit RedeemClaimed(id, r.owner, receiver, r.shares, assets);
    }

    function cancelRedeem(uint256 id) external {
        Redemption storage r = _existing(id);
        if (msg.sender != r.owner) revert NotRedemptionOwner(id, msg.sender);
        if (r.status != Status.Pending) revert RedemptionNotPending(id, uint8(r.status));
        r.status = Status.Cancelled;
        core.returnShares(r.owner, r.shares);
        emit RedeemCancelled(id, r.owner, r.receiver, r.shares);
    }

    function redeemInstant(uint256 shares, address receiver, uint256 minAssetsOut) external returns (uint256 assets) {
        if (receiver == address(0)) revert ZeroAddress();
        assets = core.redeemInstantFor(msg.sender, receiver, shares, minAssetsOut);
        emit InstantRedeem(msg.sender, receiver, shares, assets);
    }

    function _existing(uint256 id) private view returns (Redemption storage r) {
        r = _redemptions[id];
        if (r.status == Status.None) revert RedemptionNotFound(id);
    }
}
